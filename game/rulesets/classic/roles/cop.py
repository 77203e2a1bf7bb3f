"""Cop: investigates one player each night and learns their alignment at dawn (C4); any living
player, themself included, since the seed forbids nothing (C9)."""

from game.rulesets.base import NightActionSpec, RoleSpec

VILLAGE = "village"

INVESTIGATE = NightActionSpec(
    code="investigate",
    prompt="It is night. Who would you like to investigate?",
)

ROLE = RoleSpec(
    code="cop",
    name="Cop",
    alignment=VILLAGE,
    summary="Each night, investigate one player: at dawn you learn whether they are village- or "
    "mafia-aligned (C4).",
    default_count=1,
    night_action=INVESTIGATE,
    reveal="the cop",
)
