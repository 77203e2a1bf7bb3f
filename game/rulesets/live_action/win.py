"""Win conditions of the live-action ruleset (R16-R18).

Pure Python. `winner` is the check that runs after every death (R17); `mafia_clock_expired` is the
check that runs at each day end, after that day's deaths (R18); `outcome_at_day_end` runs both in
that order.

Decisions no ruling spells out:
- The two R17 conditions cannot both hold (the town's needs a living townie, the mafia's needs
  none). With nobody alive, or only serial killers alive, no townie is alive, so the mafia win.
- At day end R17 is decided before R18: the day's deaths come first and each is followed by the
  R17 check (R4, R17), so a day end that kills the last townie is a mafia win even if the mafia
  clock also ran out.
- Day 1 counts for the mafia clock like any other day. Only deaths count as kills: a failed attempt
  or a disarm is not a kill.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from game.rulesets.base import KILLED, PlayerStatus
from game.rulesets.live_action.facts import Alignment
from game.rulesets.live_action.powers.hitman import DEATH as HITMAN_DEATH
from game.rulesets.live_action.powers.poison import DEATH as POISON_DEATH
from game.rulesets.live_action.roles import alignment_of, is_mafia_aligned

CONSECUTIVE_DAYS_WITHOUT_MAFIA_KILL: Final = 2
DAYS_WITHOUT_MAFIA_KILL: Final = 3


class Winner(StrEnum):
    TOWN = "town"
    MAFIA = "mafia"


@dataclass(frozen=True)
class Death:
    """A death on `day` of a cause's code; for a kill, `killer_alignment` is the killer's
    alignment at the time."""

    victim: int
    day: int
    cause: str
    killer_alignment: str | None = None

    def __post_init__(self) -> None:
        if self.cause == KILLED.code and self.killer_alignment is None:
            raise ValueError("a kill needs the killer's alignment")


@dataclass(frozen=True)
class MafiaClock:
    """The ended days without a mafia kill, and the longest run of consecutive ones (R18)."""

    days_without_kill: tuple[int, ...]
    longest_run: int

    @property
    def expired(self) -> bool:
        return (
            self.longest_run >= CONSECUTIVE_DAYS_WITHOUT_MAFIA_KILL
            or len(self.days_without_kill) >= DAYS_WITHOUT_MAFIA_KILL
        )


def is_townie(player: PlayerStatus) -> bool:
    """Townies are everyone neither mafia-aligned nor a serial killer (R16)."""
    return alignment_of(player.role, conscripted=player.conscripted) == Alignment.TOWN


def winner(players: Iterable[PlayerStatus]) -> Winner | None:
    """R17: the mafia win when no townie is alive; the town wins when no mafia-aligned player is
    alive and a townie is. Serial killers count for neither side (R16)."""
    living = [player for player in players if player.alive]
    if not any(is_townie(player) for player in living):
        return Winner.MAFIA
    if not any(is_mafia_aligned(p.role, conscripted=p.conscripted) for p in living):
        return Winner.TOWN
    return None


def counts_as_mafia_kill(death: Death, *, serial_killer_kills_count: bool = False) -> bool:
    """Whether a death is a kill by a mafia-aligned player for the mafia clock (R18).

    Kills by mafia-aligned players (conscripts included), hitman kills and poison deaths count;
    executions and other end-of-day deaths do not. Serial-killer kills count only with the setting.
    """
    if death.cause in (HITMAN_DEATH.code, POISON_DEATH.code):
        return True
    if death.cause != KILLED.code:
        return False
    if death.killer_alignment == Alignment.SERIAL_KILLER:
        return serial_killer_kills_count
    return death.killer_alignment == Alignment.MAFIA


def mafia_kill_days(
    deaths: Iterable[Death], *, serial_killer_kills_count: bool = False
) -> frozenset[int]:
    """The days on which a death counted as a mafia kill (R18)."""
    return frozenset(
        death.day
        for death in deaths
        if counts_as_mafia_kill(death, serial_killer_kills_count=serial_killer_kills_count)
    )


def mafia_clock(last_ended_day: int, kill_days: Collection[int]) -> MafiaClock:
    """The mafia clock after days 1..`last_ended_day` have ended (R18)."""
    without: list[int] = []
    run = longest = 0
    for day in range(1, last_ended_day + 1):
        if day in kill_days:
            run = 0
            continue
        without.append(day)
        run += 1
        longest = max(longest, run)
    return MafiaClock(tuple(without), longest)


def mafia_clock_expired(last_ended_day: int, kill_days: Collection[int]) -> bool:
    """R18: the town wins once 2 consecutive days, or 3 days in all, ended with no mafia kill."""
    return mafia_clock(last_ended_day, kill_days).expired


def outcome_at_day_end(
    players: Iterable[PlayerStatus],
    last_ended_day: int,
    kill_days: Collection[int],
    undecided_days: Collection[int] = (),
) -> Winner | None:
    """The win check at the end of `last_ended_day`, after its deaths: R17 first, then R18.
    A day with kill reports still undecided may yet have had a mafia kill, so the clock counts
    it as one until they are decided (R52)."""
    decided = winner(players)
    if decided is not None:
        return decided
    waiting = set(kill_days) | set(undecided_days)
    return Winner.TOWN if mafia_clock_expired(last_ended_day, waiting) else None


@dataclass(frozen=True)
class DayEndClock:
    """What the mafia kill clock reads after the days ended so far (R18): the players, the last
    ended day, the days with a kill that counts, and the days whose reports wait (R52)."""

    players: tuple[PlayerStatus, ...]
    last_ended_day: int
    kill_days: frozenset[int]
    waiting_days: frozenset[int]


def clock_outcome(clock: DayEndClock) -> tuple[Winner, bool] | None:
    """`outcome_at_day_end` over `clock`: the winning side, and whether the mafia clock decided it
    (True) rather than a side with nobody left alive (R17), or None while the game goes on."""
    decided = outcome_at_day_end(
        clock.players, clock.last_ended_day, clock.kill_days, clock.waiting_days
    )
    if decided is None:
        return None
    return decided, winner(clock.players) is None
