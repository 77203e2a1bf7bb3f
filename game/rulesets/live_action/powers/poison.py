"""Poison (R35, 3 uses): the victim is told at the start of the next day and dies at the end of
the day after, after the execution. A poison death counts as a mafia kill (R18)."""

from __future__ import annotations

from typing import Final

from game.rulesets.base import DeathCauseSpec, PowerSpec

DELAY_DAYS: Final = 2
DEATH: Final = DeathCauseSpec("poison", "Poisoned", event_kind="poison_death")


def death_day(poisoned_on: int) -> int:
    """R35: poisoned on day D, the victim dies at the end of day D+2, after the execution."""
    return poisoned_on + DELAY_DAYS


POWER = PowerSpec(
    code="poison",
    name="Poison",
    summary="The victim is told at the start of the next day and dies at the end of the day "
    "after (R35).",
    charges=3,
    not_yet="Poisoning is not in the app yet: the moderators record it (R35).",
)
