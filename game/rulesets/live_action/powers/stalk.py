"""Stalk (R41, once a day): as the stalker role (R29); results are posted in the Mafia Den."""

from game.rulesets.base import PowerSpec

POWER = PowerSpec(
    code="stalk",
    name="Stalk",
    summary="Each day stalk a player; if they make a kill it is reported in the Mafia Den (R41).",
    per_day=1,
    not_yet="Stalking is not in the app yet: the moderators record it (R41).",
)
