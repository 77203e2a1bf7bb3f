"""Stalk (R41, once a day): as the stalker role (R29), for the mafia as one stalker; the target
is told they are being stalked and a kill they make that day is posted in the Mafia Den."""

from game.rulesets.base import PowerSpec

POWER = PowerSpec(
    code="stalk",
    name="Stalk",
    summary="Each day stalk a player; if they make a kill it is reported in the Mafia Den (R41).",
    per_day=1,
)
