"""Stalk (R41, once a day): as the stalker role (R29), for the mafia as one stalker; the target
is told they are being stalked and a kill they make that day is posted in the Mafia Den."""

from game.rulesets.base import Choice, PowerInput, PowerSpec

POWER = PowerSpec(
    code="stalk",
    name="Stalk",
    summary="Each day stalk a player; if they make a kill it is reported in the Mafia Den (R41).",
    per_day=1,
    inputs=(PowerInput("target", "Player to stalk", Choice.LIVING, "target"),),
    help="Once a day: the player is told they are being stalked, not by whom; a kill they make "
    "today is posted in the Mafia Den. Never the same player twice (R29, R41).",
    confirm="Stalk {target} today? Once a day, never the same player twice.",
    verb="Stalk",
    done="Stalking: a kill they make today will be posted in the Mafia Den (R41).",
    override=True,
)
