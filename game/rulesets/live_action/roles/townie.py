"""Townie: every player the deal gives no other role (R16)."""

from game.rulesets.base import RoleSpec
from game.rulesets.live_action.facts import Alignment

ROLE = RoleSpec(
    code="townie",
    name="Townie",
    alignment=Alignment.TOWN,
    summary="You have no power of your own: your vote and your eyes are what the town needs.",
)
