"""The party rule set's roles, one module each."""

from tests.rulesets.party.roles import healer, peasant, vigilante, werewolf

ROLES = (
    werewolf.ROLE,
    healer.ROLE,
    peasant.ROLE,
    vigilante.ROLE,
)
