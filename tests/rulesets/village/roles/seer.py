"""Seer: learns one player's side a day."""

from game.rulesets.base import RoleSpec

ROLE = RoleSpec(
    code="seer",
    name="Seer",
    alignment="village",
    summary="Each day you learn whether one player is a wolf.",
    default_count=1,
)
