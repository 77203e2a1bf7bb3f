"""End-of-day deaths and clocks of the live-action ruleset (R25, R26, R28, R32, R35, R49).

Pure Python. Each clock has a function saying on which day its death falls; `deaths_due` gathers
those falling at the end of one day, for players still alive after that day's execution (R4).

Decisions no ruling spells out:
- A player due to die of several causes at the same day end dies once; `DueDeath.causes` lists
  them all in the order of `END_OF_DAY_CAUSES`.
- Serial killer: a day on which they could not kill from its start (cooldown) is not a no-kill day.
  The caller may pass `excused_days` (e.g. tazed, or a moderator's ruling) that use no no-kill day.
- Eviction: acknowledging exactly 24 hours after the notice is in time; acknowledging later does not
  cancel the eviction (a moderator can override). A day end exactly at the deadline evicts.
- Priest lists: trimming only counts names; it does not drop dead players from the lists.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from game.rulesets.live_action.win import DeathCause

POISON_DELAY_DAYS: Final = 2
PARTNER_DELAY_DAYS: Final = 1
DESPERADO_DAYS: Final = 2
SERIAL_KILLER_COOLDOWN_DAYS: Final = 3
NO_KILL_DAYS: Final = 3
EVICTION_GRACE: Final = timedelta(hours=24)
PRIEST_LIST_SHARE_PERCENT: Final = 20
END_OF_DAY_CAUSES: Final = (
    DeathCause.POISON,
    DeathCause.PARTNER,
    DeathCause.DESPERADO,
    DeathCause.BLOODLUST,
    DeathCause.EVICTION,
)


def poison_death_day(poisoned_on: int) -> int:
    """R35: poisoned on day D, the victim dies at the end of day D+2, after the execution."""
    return poisoned_on + POISON_DELAY_DAYS


def partner_death_day(partner_died_on: int) -> int:
    """R26: a Gay Knight whose partner died on day D dies at the end of day D+1."""
    return partner_died_on + PARTNER_DELAY_DAYS


def desperado_start_day(requested_on: int) -> int:
    """R25: a desperado request made during day D takes effect at the start of day D+1."""
    return requested_on + 1


def desperado_death_day(went_desperado_on: int) -> int:
    """R25: desperado from the start of day D, they die at the end of day D+1."""
    return went_desperado_on + DESPERADO_DAYS - 1


def serial_killer_may_kill_on(day: int, reset_days: Collection[int]) -> bool:
    """R32, R40: after a successful kill or a disarm on day D the next kill is allowed from day D+3.

    `reset_days` are the days of those kills and disarms. A reset on `day` itself means no further
    kill that day. Day 1 is a day they may kill.
    """
    return all(not reset <= day < reset + SERIAL_KILLER_COOLDOWN_DAYS for reset in reset_days)


def _could_kill_from_start(day: int, reset_days: Collection[int]) -> bool:
    return all(not reset < day < reset + SERIAL_KILLER_COOLDOWN_DAYS for reset in reset_days)


def _is_no_kill_day(day: int, reset_days: Collection[int], excused_days: Collection[int]) -> bool:
    return (
        day not in reset_days
        and day not in excused_days
        and _could_kill_from_start(day, reset_days)
    )


def serial_killer_no_kill_days(
    through_day: int, reset_days: Collection[int], excused_days: Collection[int] = ()
) -> tuple[int, ...]:
    """R32: the days 1..`through_day` on which the serial killer could kill and did not."""
    return tuple(
        day for day in range(1, through_day + 1) if _is_no_kill_day(day, reset_days, excused_days)
    )


def bloodlust_death_day(reset_days: Collection[int], excused_days: Collection[int] = ()) -> int:
    """R32: the day at whose end the serial killer dies of bloodlust if they make no kill (and
    are not disarmed) after `reset_days`: their fourth no-kill day, the three free ones used."""
    used = 0
    day = 0
    while used <= NO_KILL_DAYS:
        day += 1
        if _is_no_kill_day(day, reset_days, excused_days):
            used += 1
    return day


def dies_of_bloodlust_at_end_of(
    day: int, reset_days: Collection[int], excused_days: Collection[int] = ()
) -> bool:
    """R32: whether the serial killer dies of bloodlust at the end of `day`."""
    return bloodlust_death_day(reset_days, excused_days) == day


@dataclass(frozen=True)
class InactivityNotice:
    player: int
    sent_at: datetime
    acknowledged_at: datetime | None = None


def eviction_deadline(notice: InactivityNotice) -> datetime:
    """R49: the notice must be acknowledged within 24 hours."""
    return notice.sent_at + EVICTION_GRACE


def acknowledged_in_time(notice: InactivityNotice) -> bool:
    """R49: acknowledged no later than 24 hours after the notice."""
    acknowledged_at = notice.acknowledged_at
    return acknowledged_at is not None and acknowledged_at <= eviction_deadline(notice)


def eviction_day(notice: InactivityNotice, day_ends: Mapping[int, datetime]) -> int | None:
    """R49: the day at whose end the player is evicted: the first day ending at or after the
    deadline. None if the notice was acknowledged in time or no known day end is that late."""
    if acknowledged_in_time(notice):
        return None
    deadline = eviction_deadline(notice)
    due = [day for day, end in day_ends.items() if end >= deadline]
    return min(due, default=None)


def evicted_at_day_end(
    notice: InactivityNotice, day_started_at: datetime, day_end_at: datetime
) -> bool:
    """R49: whether the day running from `day_started_at` to `day_end_at` is the first to end at or
    after the deadline of an unacknowledged notice (each day starts when the previous ends, R1)."""
    deadline = eviction_deadline(notice)
    return not acknowledged_in_time(notice) and day_started_at < deadline <= day_end_at


@dataclass(frozen=True)
class PriestLists:
    """A priest's lists, each in the order names were added (R28)."""

    sinners: tuple[int, ...] = ()
    saints: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.sinners)) != len(self.sinners) or len(set(self.saints)) != len(self.saints):
            raise ValueError("a name appears once on a list")
        if set(self.sinners) & set(self.saints):
            raise ValueError("no player is on both the sinner and the saint list (R28)")


def priest_list_limit(living_count: int) -> int:
    """R28: each list holds at most ceil(20% of living players)."""
    return -(-living_count * PRIEST_LIST_SHARE_PERCENT // 100)


def priest_lists_trimmed(lists: PriestLists, living_count: int) -> PriestLists:
    """R28: at day end, remove the last-added names of a list that is over the limit."""
    limit = priest_list_limit(living_count)
    return PriestLists(lists.sinners[:limit], lists.saints[:limit])


@dataclass(frozen=True)
class Poisoning:
    victim: int
    poisoned_on: int


@dataclass(frozen=True)
class PartnerDeath:
    survivor: int
    partner_died_on: int


@dataclass(frozen=True)
class Desperado:
    player: int
    went_desperado_on: int


@dataclass(frozen=True)
class SerialKillerRecord:
    player: int
    reset_days: frozenset[int] = frozenset()
    excused_days: frozenset[int] = frozenset()


@dataclass(frozen=True)
class EndOfDayFacts:
    """What the end of `day` needs; `living` is as it stands after that day's execution (R4)."""

    day: int
    day_started_at: datetime
    day_end_at: datetime
    living: frozenset[int]
    poisonings: tuple[Poisoning, ...] = ()
    partner_deaths: tuple[PartnerDeath, ...] = ()
    desperados: tuple[Desperado, ...] = ()
    serial_killers: tuple[SerialKillerRecord, ...] = ()
    notices: tuple[InactivityNotice, ...] = ()


@dataclass(frozen=True)
class DueDeath:
    player: int
    causes: tuple[DeathCause, ...]


def deaths_due(facts: EndOfDayFacts) -> tuple[DueDeath, ...]:
    """The end-of-day deaths of `facts.day` (R15, R25, R26, R32, R35, R49), by player id."""
    day = facts.day
    due = (
        [
            (p.victim, DeathCause.POISON)
            for p in facts.poisonings
            if poison_death_day(p.poisoned_on) == day
        ]
        + [
            (p.survivor, DeathCause.PARTNER)
            for p in facts.partner_deaths
            if partner_death_day(p.partner_died_on) == day
        ]
        + [
            (d.player, DeathCause.DESPERADO)
            for d in facts.desperados
            if desperado_death_day(d.went_desperado_on) == day
        ]
        + [
            (s.player, DeathCause.BLOODLUST)
            for s in facts.serial_killers
            if dies_of_bloodlust_at_end_of(day, s.reset_days, s.excused_days)
        ]
        + [
            (n.player, DeathCause.EVICTION)
            for n in facts.notices
            if evicted_at_day_end(n, facts.day_started_at, facts.day_end_at)
        ]
    )
    causes: dict[int, set[DeathCause]] = {}
    for player, cause in due:
        if player in facts.living:
            causes.setdefault(player, set()).add(cause)
    return tuple(
        DueDeath(player, tuple(c for c in END_OF_DAY_CAUSES if c in causes[player]))
        for player in sorted(causes)
    )
