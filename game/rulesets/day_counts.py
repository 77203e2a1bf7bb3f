"""A day's votes as they stand, counted as the rule set's day counts them. Pure Python.

The snapshot (`game.snapshots.votes.day_ballots`) reads a day into `DayBallots` in a fixed
number of queries, for every rule set; a rule set's day (`days.DaySpec.counter`) turns it into
a `RunningCount`: one row per living voter, the totals, and, where the rules project one, who
leads. `latest_votes` is the plain count (C5); the live-action day counts by R5-R9
(`live_action.votes.running_count`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

Key = int | None
"""A player's id, or None: no one (No Execution)."""


class Missing(StrEnum):
    """What a living player who casts no vote counts for."""

    SELF = "self"
    """For themself (R5)."""
    NO_ONE = "no_one"
    """For no one (C5)."""
    NOBODY = "nobody"
    """For nobody: not counted (H8, M7)."""


@dataclass(frozen=True)
class CastVote:
    """One vote row as recorded: its target (None: no one), fallback and condition (R7), split
    shares (M7), and whether it withdrew the vote (forum play's UNVOTE)."""

    voter: int
    target: Key
    cast_at: dt.datetime
    fallback: int | None = None
    condition: str = ""
    split: Mapping[int, int] | None = None
    withdrawn: bool = False


@dataclass(frozen=True)
class DayBallots:
    """A day's votes as they stand: the living and their weights (from their state), the
    mayor (R8), every vote row in the order recorded, the kills announced that day (R7) and
    the earlier days' totals (R9)."""

    day: int
    weights: Mapping[int, int]
    votes: tuple[CastVote, ...] = ()
    mayor: int | None = None
    kills_announced_at: tuple[dt.datetime, ...] = ()
    earlier_totals: Mapping[int, Mapping[Key, int]] | None = None

    @property
    def living(self) -> tuple[int, ...]:
        return tuple(sorted(self.weights))

    def latest(self) -> dict[int, CastVote]:
        """Each living voter's latest vote (R5), in the order recorded."""
        latest: dict[int, CastVote] = {}
        for vote in self.votes:
            if vote.voter in self.weights:
                latest[vote.voter] = vote
        return latest


@dataclass(frozen=True)
class CountRow:
    """Where a living voter's vote goes now and with what weight; `how` says why ("primary":
    as cast)."""

    voter: int
    target: Key
    weight: int
    how: str


@dataclass(frozen=True)
class RunningCount:
    rows: tuple[CountRow, ...]
    totals: tuple[tuple[Key, int], ...]
    leading: int | None = None
    reason: str = ""


PRIMARY = "primary"
MISSING = "missing"


def totals_of(rows: tuple[CountRow, ...]) -> tuple[tuple[Key, int], ...]:
    totals: dict[Key, int] = {}
    for row in rows:
        totals[row.target] = totals.get(row.target, 0) + row.weight
    return tuple(totals.items())


def latest_votes(ballots: DayBallots, missing: Missing) -> RunningCount:
    """The plain count (C5): each living voter's latest vote at their weight, a split ballot's
    shares where they went; a missing or withdrawn vote counts as `missing` says (for no one,
    C5; for oneself, R5; not at all, H8). Nobody is projected to lead: a tie would be drawn
    only at the day's end (C8)."""
    latest = ballots.latest()
    rows: list[CountRow] = []
    for voter in ballots.living:
        vote = latest.get(voter)
        weight = ballots.weights[voter]
        if vote is not None and vote.split:
            rows += [CountRow(voter, pk, n, PRIMARY) for pk, n in sorted(vote.split.items())]
        elif vote is not None and not vote.withdrawn:
            rows.append(CountRow(voter, vote.target, weight, PRIMARY))
        elif missing is not Missing.NOBODY:
            target = voter if missing is Missing.SELF else None
            rows.append(CountRow(voter, target, weight, MISSING))
    return RunningCount(tuple(rows), totals_of(tuple(rows)))
