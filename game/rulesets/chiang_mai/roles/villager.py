"""Villager (a number card, M2): no night action; finds the Killers by day (M7)."""

from game.rulesets.base import RoleSpec
from game.rulesets.chiang_mai.cards import VILLAGE, VILLAGER

ROLE = RoleSpec(
    code=VILLAGER,
    name="Villager",
    alignment=VILLAGE,
    summary="A number card: find the Killers by day (M7).",
)
