"""End-of-day deaths of the live-action rule set (R4, R15).

Each end-of-day death is scheduled when its cause happens, for the end of the day its role's or
power's clock gives (poison R35, a Gay Knight's partner R26, a desperado R25, bloodlust R32, an
eviction R49). At the end of a day `deaths_due` says who dies: after that day's execution, each
player still alive once, of the first of their causes in R15's order.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from game.rulesets.live_action import LIVE_ACTION

END_OF_DAY_CAUSES = tuple(cause.code for cause in LIVE_ACTION.end_of_day_causes)


@dataclass(frozen=True)
class ScheduledDeath:
    """`player` dies of `cause` at the end of day `day`."""

    player: int
    cause: str
    day: int


@dataclass(frozen=True)
class DueDeath:
    player: int
    causes: tuple[str, ...]


def deaths_due(
    day: int, scheduled: Iterable[ScheduledDeath], living: Collection[int]
) -> tuple[DueDeath, ...]:
    """The end-of-day deaths at the end of `day` (R4, R15), by player id: every death scheduled for
    it (or for an earlier day end it missed) of a player still alive after the execution, with all
    their causes in R15's order; the first is the one recorded."""
    causes: dict[int, set[str]] = {}
    for death in scheduled:
        if death.day <= day and death.player in living:
            causes.setdefault(death.player, set()).add(death.cause)
    return tuple(
        DueDeath(player, tuple(c for c in END_OF_DAY_CAUSES if c in causes[player]))
        for player in sorted(causes)
    )
