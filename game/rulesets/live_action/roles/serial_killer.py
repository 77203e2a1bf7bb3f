"""Serial killer (R24, R32, R40): kills on a three-day clock, dies of bloodlust after three
no-kill days, and gains an investigation by reaching a kill site early.

Decisions no ruling spells out:
- A day on which they could not kill from its start (cooldown) is not a no-kill day. The caller
  may pass `excused_days` (e.g. tazed, or a moderator's ruling) that use no no-kill day.
- For R24 a player's visits count once; the serial killer's own earlier visits never count against
  them; a serial killer who gains an investigation counts toward the three ("any role that visits a
  kill site in order to gain investigative powers counts"). Visits at the same time keep the order
  given.
- The R24 investigation is not limited to one a day (R22 does not list it): each gained
  investigation is one question about that death (R23), asked whenever they like.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Final

from game.rulesets.base import CapacitySpec, DeathCauseSpec, KillMethodSpec, RoleSpec
from game.rulesets.live_action.facts import Alignment, KillReport, Question, SiteVisit
from game.rulesets.reasons import Reason

COOLDOWN_DAYS: Final = 3
NO_KILL_DAYS: Final = 3
VISIT_LIMIT: Final = 3

ON_COOLDOWN: Final = Reason(
    "serial_killer_cooldown", "This serial killer may not kill again until day {day} (R32)."
)
SAME_TARGET: Final = Reason(
    "serial_killer_same_target", "This serial killer already tried this target today (R32)."
)
NO_GRANT: Final = Reason(
    "serial_killer_no_grant",
    "You gained no investigation about this death: a serial killer gains one by visiting the "
    "kill site before three investigators have (R24).",
)
BLOODLUST: Final = DeathCauseSpec("bloodlust", "Bloodlust", event_kind="bloodlust_death")


def next_kill_day(last_kill_or_disarm_day: int) -> int:
    """R32: after a kill (or being disarmed) on day D, the next kill is allowed from day D+3."""
    return last_kill_or_disarm_day + COOLDOWN_DAYS


def kill_refusals(report: KillReport) -> list[Reason]:
    """R32: the three-day clock and never the same target twice in a day."""
    refusals = []
    last = report.serial_killer_last_kill_day
    if last is not None and report.day < next_kill_day(last):
        refusals.append(ON_COOLDOWN(day=next_kill_day(last)))
    if report.serial_killer_tried_target_today:
        refusals.append(SAME_TARGET)
    return refusals


def may_kill_on(day: int, reset_days: Collection[int]) -> bool:
    """R32, R40: after a successful kill or a disarm on day D the next kill is allowed from day D+3.

    `reset_days` are the days of those kills and disarms. A reset on `day` itself means no further
    kill that day. Day 1 is a day they may kill.
    """
    return all(not reset <= day < reset + COOLDOWN_DAYS for reset in reset_days)


def _could_kill_from_start(day: int, reset_days: Collection[int]) -> bool:
    return all(not reset < day < reset + COOLDOWN_DAYS for reset in reset_days)


def _is_no_kill_day(day: int, reset_days: Collection[int], excused_days: Collection[int]) -> bool:
    return (
        day not in reset_days
        and day not in excused_days
        and _could_kill_from_start(day, reset_days)
    )


def no_kill_days(
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


def gaining_investigation(killer: int | None, visits: Iterable[SiteVisit]) -> frozenset[int]:
    """R24: the serial killers who gain one investigation about this kill: those who visited its
    site (not being its killer) while fewer than 3 players with investigative powers had."""
    counted: set[int] = set()
    gained: set[int] = set()
    for visit in sorted(visits, key=lambda v: v.at):
        who = visit.visitor
        if (
            visit.serial_killer
            and who != killer
            and who not in gained
            and len(counted - {who}) < VISIT_LIMIT
        ):
            gained.add(who)
        if visit.investigative or who in gained:
            counted.add(who)
    return frozenset(gained)


def investigation_refusals(question: Question) -> list[Reason]:
    """R24: only about a death whose site they reached in time."""
    if question.death.victim not in question.asker.serial_killer_grants:
        return [NO_GRANT]
    return []


KILL = KillMethodSpec(
    code="serial_killer",
    label="Serial killer",
    check=kill_refusals,
    role="serial_killer",
    wrong_killer=Reason("not_serial_killer", "The killer is not a serial killer (R32)."),
)
CAPACITY = CapacitySpec(
    code="serial_killer",
    label="Serial killer (R24)",
    missing=Reason("not_serial_killer_asker", "You are not a serial killer (R24)."),
    check=investigation_refusals,
    daily=False,
    investigative=False,
)
ROLE = RoleSpec(
    code="serial_killer",
    name="Serial Killer",
    alignment=Alignment.SERIAL_KILLER,
    summary="You want the mafia to win, but you do not know who they are.",
    card=(
        "Kill by tapping a player and saying BANG; after a kill you wait until the third day "
        "after it (R32).",
        "Three no-kill days; when they are used up, a day without a kill ends in bloodlust (R32).",
        "One investigation of a kill site you reach before three investigators do (R24).",
    ),
    default_count=2,
    kills=(KILL,),
    capacities=(CAPACITY,),
)
