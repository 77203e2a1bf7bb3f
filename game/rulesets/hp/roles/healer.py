"""Healer: with the other healers, gives one living player 500 HP each night, after the attack;
an attacked target at 0 HP who is healed survives (H6)."""

from game.rulesets.base import NightActionSpec, RoleSpec
from game.rulesets.hp.roles.detective import VILLAGE

STARTING_HP = 800
HEAL_HP = 500

HEAL = NightActionSpec(code="heal", prompt="Choose a player to heal:")

ROLE = RoleSpec(
    code="healer",
    name="Healer",
    alignment=VILLAGE,
    summary="Each night the healers give one living player (themselves and mafias included) "
    "500 HP, after the attack: the mafias' target, healed, survives with 500 HP (H6). Starts with "
    "800 HP.",
    night_action=HEAL,
    reveal="Healer",
)
