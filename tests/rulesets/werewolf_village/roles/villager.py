"""Villager: everyone the deal gives no other role."""

from game.rulesets.base import RoleSpec
from tests.rulesets.werewolf_village.roles.seer import VILLAGE

ROLE = RoleSpec(
    code="villager",
    name="Villager",
    alignment=VILLAGE,
    summary="Find the werewolves and eliminate them by day before they devour the village.",
)
