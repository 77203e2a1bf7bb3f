"""Peasant: everyone the deal gives no other role."""

from game.rulesets.base import RoleSpec
from tests.rulesets.party.roles.healer import VILLAGE

ROLE = RoleSpec(code="peasant", name="Peasant", alignment=VILLAGE, summary="Survive.")
