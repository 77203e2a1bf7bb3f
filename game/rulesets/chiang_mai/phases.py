"""A Chiang Mai game's phases on the phase engine (M1, M10, M12): the deal (phase 0, the card
order before night 1), then night 1, day 1, night 2, … Each ends when the host taps on from it
(the Next that begins the night, or the day after the dawn), never at a time: a table plays at
its own pace. A runoff stays in its day (M8). Pure Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rulesets.phases import DAY, NIGHT
from game.rulesets.specs import Phase

DEAL = "deal"

PHASES = (
    Phase(DEAL, "Deal", announced=False, host_ended=True),
    Phase(NIGHT, "Night", announced=False, host_ended=True),
    Phase(DAY, "Day", announced=False, host_ended=True),
)
"""The story's log has its own words for a night's start and a dawn (M10, M11), so the engine
announces none."""


def phase_after_chiang_mai(
    code: str, number: int, state: Mapping[str, Any]
) -> tuple[str, int, dict[str, Any]]:
    """The deal goes to night 1, a night to its day, a day to the next night (M10)."""
    if code == DEAL:
        return NIGHT, 1, {}
    if code == NIGHT:
        return DAY, number, {}
    return NIGHT, number + 1, {}
