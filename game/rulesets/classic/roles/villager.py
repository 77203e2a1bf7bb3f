"""Villager: everyone the deal gives no other role; no night action (C7)."""

from game.rulesets.base import RoleSpec
from game.rulesets.classic.roles.cop import VILLAGE

ROLE = RoleSpec(
    code="villager",
    name="Villager",
    alignment=VILLAGE,
    summary="Find the mafia and vote them out by day before they outnumber the village.",
    reveal="a villager",
)
