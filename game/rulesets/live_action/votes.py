"""Votes and executions of the live-action ruleset (R5-R9).

Pure Python. At day end the caller builds a `DayVotes` (living players, each voter's latest ballot,
the mayor, the day's kill announcement times) and gets a `DayTally`: who each living player
effectively voted for and with what weight, the totals, and the execution (R9).

Decisions no ruling spells out:
- A fallback is used only when its condition holds; a dead or otherwise invalid primary target with
  no applicable fallback counts as a vote for oneself, like a dead or invalid fallback (R5, R7).
- "A kill announced after this vote" means an announcement strictly later than the time the ballot
  was cast. The caller passes the announcements of the day being tallied.
- A mayor is counted at weight 3 only while alive; dead voters do not count at all (R5, R8).
- Days missing from the earlier totals are read as "nobody had a vote" when breaking ties.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum, StrEnum
from types import MappingProxyType
from typing import Final, TypeAlias


class NoExecution(Enum):
    """The "No Execution" vote (R6, R9): a sentinel, never confused with a player id or None."""

    NO_EXECUTION = "no_execution"

    def __repr__(self) -> str:
        return "NO_EXECUTION"


NO_EXECUTION: Final = NoExecution.NO_EXECUTION
Target: TypeAlias = int | NoExecution
FIRST_DAY: Final = 1
VOTE_WEIGHT: Final = 1
MAYOR_VOTE_WEIGHT: Final = 3


class Condition(StrEnum):
    """When a ballot's fallback replaces its primary target (R7)."""

    PRIMARY_DEAD = "primary_dead"
    KILL_ANNOUNCED_AFTER = "kill_announced_after"


class VoteSource(StrEnum):
    """Why a voter's counted vote went where it went."""

    PRIMARY = "primary"
    FALLBACK = "fallback"
    NO_BALLOT = "no ballot"
    PRIMARY_INVALID = "primary invalid"
    FALLBACK_INVALID = "fallback invalid"


class ExecutionReason(StrEnum):
    MOST_VOTES = "most votes"
    TIE_BROKEN = "tie broken"
    TIE_UNBROKEN = "tie unbroken"
    NO_EXECUTION = "no execution"
    TIED_WITH_NO_EXECUTION = "tied with no execution"
    NO_VOTES = "no votes"


@dataclass(frozen=True)
class Ballot:
    """A voter's submission (R7): a primary target, optionally a fallback with its condition."""

    voter: int
    target: Target
    fallback: Target | None = None
    condition: Condition | None = None
    cast_at: datetime | None = None

    def __post_init__(self) -> None:
        if (self.fallback is None) != (self.condition is None):
            raise ValueError("a fallback and its condition go together (R7)")
        if self.condition is Condition.KILL_ANNOUNCED_AFTER and self.cast_at is None:
            raise ValueError("a 'kill announced after' condition needs the time the vote was cast")


@dataclass(frozen=True)
class DayVotes:
    """Everything the tally of one day needs, as it stands at day end."""

    day: int
    living: frozenset[int]
    ballots: tuple[Ballot, ...] = ()
    mayor: int | None = None
    kills_announced_at: tuple[datetime, ...] = ()

    def __post_init__(self) -> None:
        if self.day < FIRST_DAY:
            raise ValueError("votes start on day 1 (R3)")
        voters = [ballot.voter for ballot in self.ballots]
        if len(voters) != len(set(voters)):
            raise ValueError("only each voter's latest ballot counts (R5): use latest_ballots()")


@dataclass(frozen=True)
class CountedVote:
    voter: int
    target: Target
    weight: int
    source: VoteSource


@dataclass(frozen=True)
class Execution:
    """The outcome of R9. `leaders` are those tied for most on the day itself."""

    executed: int | None
    reason: ExecutionReason
    leaders: tuple[Target, ...] = ()
    decided_on: int | None = None

    def describe(self) -> str:
        if self.reason is ExecutionReason.TIE_BROKEN:
            return f"tie broken on day {self.decided_on}"
        return str(self.reason)


@dataclass(frozen=True)
class DayTally:
    day: int
    counted: tuple[CountedVote, ...]
    totals: Mapping[Target, int]
    execution: Execution

    @property
    def executed(self) -> int | None:
        return self.execution.executed

    @property
    def reason(self) -> str:
        return self.execution.describe()


def latest_ballots(submissions: Iterable[Ballot]) -> tuple[Ballot, ...]:
    """Only a voter's latest submission counts (R5); `submissions` come in the order made."""
    latest: dict[int, Ballot] = {}
    for ballot in submissions:
        latest.pop(ballot.voter, None)
        latest[ballot.voter] = ballot
    return tuple(latest.values())


def is_valid_target(target: Target, *, day: int, living: frozenset[int]) -> bool:
    """No Execution is valid on day 1 only (R6); otherwise a vote must name a living player."""
    if target is NO_EXECUTION:
        return day == FIRST_DAY
    return target in living


def condition_holds(ballot: Ballot, votes: DayVotes) -> bool:
    """Whether the ballot's fallback replaces its primary target at day end (R7)."""
    if ballot.condition is Condition.PRIMARY_DEAD:
        return ballot.target is not NO_EXECUTION and ballot.target not in votes.living
    if ballot.condition is Condition.KILL_ANNOUNCED_AFTER:
        cast_at = ballot.cast_at
        return cast_at is not None and any(t > cast_at for t in votes.kills_announced_at)
    return False


def vote_weight(voter: int, mayor: int | None) -> int:
    """The mayor's vote counts three (R8); everyone else's counts one."""
    return MAYOR_VOTE_WEIGHT if voter == mayor else VOTE_WEIGHT


def effective_target(voter: int, ballot: Ballot | None, votes: DayVotes) -> CountedVote:
    """Where a living voter's vote goes (R5-R7): no ballot, or an invalid choice, is a self-vote."""
    weight = vote_weight(voter, votes.mayor)
    if ballot is None:
        return CountedVote(voter, voter, weight, VoteSource.NO_BALLOT)
    if ballot.fallback is not None and condition_holds(ballot, votes):
        if is_valid_target(ballot.fallback, day=votes.day, living=votes.living):
            return CountedVote(voter, ballot.fallback, weight, VoteSource.FALLBACK)
        return CountedVote(voter, voter, weight, VoteSource.FALLBACK_INVALID)
    if is_valid_target(ballot.target, day=votes.day, living=votes.living):
        return CountedVote(voter, ballot.target, weight, VoteSource.PRIMARY)
    return CountedVote(voter, voter, weight, VoteSource.PRIMARY_INVALID)


def counted_votes(votes: DayVotes) -> tuple[CountedVote, ...]:
    """One counted vote per living player, by voter id (R5); dead players' ballots are ignored."""
    by_voter = {ballot.voter: ballot for ballot in votes.ballots}
    return tuple(
        effective_target(voter, by_voter.get(voter), votes) for voter in sorted(votes.living)
    )


def vote_totals(counted: Iterable[CountedVote]) -> dict[Target, int]:
    """Votes per target; targets with no vote are absent."""
    totals: dict[Target, int] = {}
    for vote in counted:
        totals[vote.target] = totals.get(vote.target, 0) + vote.weight
    return totals


def _target_order(target: Target) -> int:
    return -1 if target is NO_EXECUTION else int(target)


def _most(totals: Mapping[Target, int], candidates: Iterable[Target]) -> tuple[Target, ...]:
    candidates = tuple(candidates)
    best = max((totals.get(c, 0) for c in candidates), default=0)
    return tuple(sorted((c for c in candidates if totals.get(c, 0) == best), key=_target_order))


def execution_for_day(day: int, totals_by_day: Mapping[int, Mapping[Target, int]]) -> Execution:
    """Who is executed at the end of `day` (R9).

    Most votes wins. Players tied for most are compared on the previous day's totals, keeping those
    with the most, and so back through earlier days; still tied after day 1 means nobody. No
    Execution winning, or tied for most (day 1), executes nobody.
    """
    totals = totals_by_day[day]
    voted = [target for target, total in totals.items() if total > 0]
    if not voted:
        return Execution(None, ExecutionReason.NO_VOTES)
    leaders = _most(totals, voted)
    if NO_EXECUTION in leaders:
        reason = (
            ExecutionReason.NO_EXECUTION
            if len(leaders) == 1
            else ExecutionReason.TIED_WITH_NO_EXECUTION
        )
        return Execution(None, reason, leaders)
    if len(leaders) == 1:
        return Execution(int(leaders[0]), ExecutionReason.MOST_VOTES, leaders)
    remaining = leaders
    for earlier in range(day - 1, FIRST_DAY - 1, -1):
        remaining = _most(totals_by_day.get(earlier, {}), remaining)
        if len(remaining) == 1:
            return Execution(int(remaining[0]), ExecutionReason.TIE_BROKEN, leaders, earlier)
    return Execution(None, ExecutionReason.TIE_UNBROKEN, leaders)


def tally_day(
    votes: DayVotes, earlier_totals: Mapping[int, Mapping[Target, int]] | None = None
) -> DayTally:
    """The day-end tally (R5-R9); `earlier_totals` holds the totals of days before `votes.day`."""
    counted = counted_votes(votes)
    totals = vote_totals(counted)
    by_day = {**(earlier_totals or {}), votes.day: totals}
    return DayTally(
        votes.day, counted, MappingProxyType(totals), execution_for_day(votes.day, by_day)
    )
