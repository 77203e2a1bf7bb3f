"""Slaughter the Weak (R36, 1 charge): Set a Trap on innocent children only."""

from game.rulesets.base import PowerSpec

POWER = PowerSpec(
    code="slaughter_the_weak",
    name="Slaughter the Weak",
    summary="As Set a Trap, on innocent children only (R36).",
    charges=1,
    not_yet="Slaughter the Weak is not in the app yet: the moderators record it (R36).",
)
