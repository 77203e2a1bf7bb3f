"""Stalker (R29): one new target a day; the target is told they are being stalked, and the
stalker is told if the target makes a kill that day."""

from game.rulesets.base import RoleSpec
from game.rulesets.live_action.facts import Alignment

ROLE = RoleSpec(
    code="stalker",
    name="Stalker",
    alignment=Alignment.TOWN,
    summary="Each day you stalk a new player (R29).",
    card=("If your target makes a kill that day you are told (R29).",),
    default_count=1,
    not_yet="Choosing a target is not in the app yet: tell the moderators whom you stalk today "
    "(R29).",
)
