"""Doctor: protects one player each night, themself at most once a game (C3)."""

from game.rulesets.base import NightActionSpec, RoleSpec
from game.rulesets.classic.roles.cop import VILLAGE

SELF_SAVES = 1

PROTECT = NightActionSpec(
    code="protect",
    prompt="It is night. Who would you like to save?",
    self_choices=SELF_SAVES,
    self_refusal="You have already saved yourself once this game (C3): choose someone else.",
)

ROLE = RoleSpec(
    code="doctor",
    name="Doctor",
    alignment=VILLAGE,
    summary="Each night, choose a player to save: if the mafia picked them, nobody dies that "
    "night. You may save yourself once a game (C3).",
    default_count=1,
    night_action=PROTECT,
    reveal="the doctor",
)
