"""Villager: everyone the deal gives no other role."""

from game.rulesets.base import RoleSpec

ROLE = RoleSpec(
    code="villager",
    name="Villager",
    alignment="village",
    summary="Find the wolves before they outnumber you.",
)
