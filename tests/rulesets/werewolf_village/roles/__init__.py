"""The Werewolf village's roles, one module each: one line each here."""

from tests.rulesets.werewolf_village.roles import seer, villager, werewolf, witch

ROLES = (
    werewolf.ROLE,
    seer.ROLE,
    witch.ROLE,
    villager.ROLE,
)
