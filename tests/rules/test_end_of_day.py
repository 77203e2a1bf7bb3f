"""End-of-day deaths and clocks (R25, R26, R28, R32, R35, R49)."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.live_action import DeathCause
from game.rulesets.live_action.end_of_day import DueDeath, ScheduledDeath, deaths_due
from game.rulesets.live_action.evictions import (
    InactivityNotice,
    evicted_at_day_end,
    eviction_day,
)
from game.rulesets.live_action.powers.poison import death_day as poison_death_day
from game.rulesets.live_action.roles.desperado import death_day as desperado_death_day
from game.rulesets.live_action.roles.desperado import start_day as desperado_start_day
from game.rulesets.live_action.roles.gay_knight import partner_death_day
from game.rulesets.live_action.roles.priest import PriestLists
from game.rulesets.live_action.roles.priest import list_limit as priest_list_limit
from game.rulesets.live_action.roles.priest import lists_trimmed as priest_lists_trimmed
from game.rulesets.live_action.roles.serial_killer import (
    bloodlust_death_day,
    dies_of_bloodlust_at_end_of,
)
from game.rulesets.live_action.roles.serial_killer import may_kill_on as serial_killer_may_kill_on
from game.rulesets.live_action.roles.serial_killer import (
    no_kill_days as serial_killer_no_kill_days,
)

GAME_START = datetime(2025, 3, 3, 18, 0, tzinfo=UTC)


def day_end(day: int) -> datetime:
    """Day 1 starts at 18:00 and ends at 23:00; every later day ends at 23:00 (R1)."""
    return datetime(2025, 3, 3, 23, 0, tzinfo=UTC) + timedelta(days=day - 1)


def day_start(day: int) -> datetime:
    return GAME_START if day == 1 else day_end(day - 1)


DAY_ENDS = {day: day_end(day) for day in range(1, 8)}


@pytest.mark.parametrize(("poisoned_on", "dies_on"), [(1, 3), (4, 6)])
def test_poisoned_on_day_d_dies_at_end_of_day_d_plus_2(poisoned_on: int, dies_on: int) -> None:
    assert poison_death_day(poisoned_on) == dies_on


def test_gay_knight_partner_dies_at_the_end_of_the_following_day() -> None:
    # The rules' example: killed 6 PM Tuesday (day 2), the partner dies 11 PM Wednesday (day 3).
    assert partner_death_day(2) == 3
    assert partner_death_day(5) == 6


def test_desperado_dies_at_the_end_of_the_second_day_of_going_desperado() -> None:
    went_on = desperado_start_day(requested_on=2)
    assert went_on == 3
    assert desperado_death_day(went_on) == 4


@pytest.mark.parametrize(
    ("day", "reset_days", "may_kill"),
    [
        pytest.param(1, (), True, id="day-1-is-a-kill-day"),
        pytest.param(4, (4,), False, id="no-second-kill-the-same-day"),
        pytest.param(5, (4,), False, id="kill-thursday-not-friday"),
        pytest.param(6, (4,), False, id="kill-thursday-not-saturday"),
        pytest.param(7, (4,), True, id="kill-thursday-again-sunday"),
        pytest.param(3, (1,), False, id="disarm-or-kill-on-1-not-3"),
        pytest.param(4, (1,), True, id="disarm-or-kill-on-1-again-on-4"),
        pytest.param(3, (6,), True, id="later-kills-do-not-matter"),
    ],
)
def test_serial_killer_waits_until_day_d_plus_3(
    day: int, reset_days: tuple[int, ...], may_kill: bool
) -> None:
    assert serial_killer_may_kill_on(day, reset_days) is may_kill


@pytest.mark.parametrize(
    ("reset_days", "through_day", "no_kill_days"),
    [
        pytest.param((2, 6), 10, (1, 5, 9, 10), id="rules-example-kills-2-and-6"),
        pytest.param((1, 4, 7), 7, (), id="rules-example-kills-1-4-7"),
        pytest.param((), 4, (1, 2, 3, 4), id="never-kills"),
        pytest.param((3,), 7, (1, 2, 6, 7), id="cooldown-days-are-not-no-kill-days"),
    ],
)
def test_no_kill_days_are_days_they_could_kill_and_did_not(
    reset_days: tuple[int, ...], through_day: int, no_kill_days: tuple[int, ...]
) -> None:
    assert serial_killer_no_kill_days(through_day, reset_days) == no_kill_days


@pytest.mark.parametrize(
    ("reset_days", "excused_days", "death_day"),
    [
        pytest.param((2, 6), (), 10, id="rules-example-kills-2-and-6-die-day-10"),
        pytest.param((1, 4, 7), (), 13, id="rules-example-kills-1-4-7-then-none"),
        pytest.param((), (), 4, id="never-kills-dies-day-4"),
        pytest.param((1,), (), 7, id="disarmed-on-day-1-restarts-the-clock"),
        pytest.param((), (2,), 5, id="an-excused-day-uses-no-no-kill-day"),
    ],
)
def test_bloodlust_death_day_if_they_never_kill_again(
    reset_days: tuple[int, ...], excused_days: tuple[int, ...], death_day: int
) -> None:
    assert bloodlust_death_day(reset_days, excused_days) == death_day


@pytest.mark.parametrize("day", range(1, 14))
def test_rules_example_dies_of_bloodlust_only_at_the_end_of_day_10(day: int) -> None:
    assert dies_of_bloodlust_at_end_of(day, (2, 6)) is (day == 10)
    assert dies_of_bloodlust_at_end_of(day, (1, 4, 7)) is (day == 13)


@given(st.sets(st.integers(1, 20), max_size=6))
def test_bloodlust_falls_on_the_fourth_no_kill_day(reset_days: set[int]) -> None:
    death_day = bloodlust_death_day(reset_days)
    no_kill_days = serial_killer_no_kill_days(death_day, reset_days)
    assert len(no_kill_days) == 4
    assert no_kill_days[-1] == death_day
    assert serial_killer_may_kill_on(death_day, {d for d in reset_days if d < death_day})


NOTICE_AT = datetime(2025, 3, 4, 20, 0, tzinfo=UTC)  # day 2, 20:00


@pytest.mark.parametrize(
    ("notice", "expected_day"),
    [
        pytest.param(InactivityNotice(1, NOTICE_AT), 3, id="unanswered-evicted-next-day-end"),
        pytest.param(
            InactivityNotice(1, NOTICE_AT, NOTICE_AT + timedelta(hours=23)),
            None,
            id="acknowledged-in-time",
        ),
        pytest.param(
            InactivityNotice(1, NOTICE_AT, NOTICE_AT + timedelta(hours=24)),
            None,
            id="acknowledged-at-exactly-24-hours",
        ),
        pytest.param(
            InactivityNotice(1, NOTICE_AT, NOTICE_AT + timedelta(hours=25)),
            3,
            id="acknowledged-too-late",
        ),
        pytest.param(InactivityNotice(1, day_end(2)), 3, id="deadline-exactly-at-day-end"),
        pytest.param(
            InactivityNotice(1, day_end(2) + timedelta(minutes=1)),
            4,
            id="deadline-just-after-day-end",
        ),
        pytest.param(InactivityNotice(1, day_end(7)), None, id="no-day-end-known-that-late"),
    ],
)
def test_eviction_is_at_the_first_day_end_after_24_hours_unanswered(
    notice: InactivityNotice, expected_day: int | None
) -> None:
    assert eviction_day(notice, DAY_ENDS) == expected_day
    for day in DAY_ENDS:
        evicted = evicted_at_day_end(notice, day_start(day), day_end(day))
        assert evicted is (day == expected_day)


def test_an_extended_day_end_still_evicts_that_day() -> None:
    notice = InactivityNotice(1, day_end(2) + timedelta(minutes=20))
    extended = {**DAY_ENDS, 3: day_end(3) + timedelta(minutes=45)}
    assert eviction_day(notice, DAY_ENDS) == 4
    assert eviction_day(notice, extended) == 3


@pytest.mark.parametrize(
    ("living", "limit"), [(0, 0), (1, 1), (5, 1), (6, 2), (10, 2), (11, 3), (20, 4), (21, 5)]
)
def test_priest_lists_hold_at_most_20_percent_of_living_players_rounded_up(
    living: int, limit: int
) -> None:
    assert priest_list_limit(living) == limit


def test_priest_lists_lose_their_last_added_names_when_over_the_limit() -> None:
    lists = PriestLists(sinners=(7, 3, 9), saints=(4, 5))
    assert priest_lists_trimmed(lists, 10) == PriestLists(sinners=(7, 3), saints=(4, 5))
    assert priest_lists_trimmed(lists, 5) == PriestLists(sinners=(7,), saints=(4,))
    assert priest_lists_trimmed(lists, 11) == lists


def test_no_player_is_on_both_priest_lists() -> None:
    with pytest.raises(ValueError, match="both"):
        PriestLists(sinners=(1, 2), saints=(2,))


@given(st.lists(st.integers(1, 40), unique=True, max_size=12), st.integers(0, 40))
def test_trimmed_priest_lists_are_the_first_names_within_the_limit(
    names: list[int], living: int
) -> None:
    half = len(names) // 2
    lists = PriestLists(sinners=tuple(names[:half]), saints=tuple(names[half:]))
    trimmed = priest_lists_trimmed(lists, living)
    for before, after in ((lists.sinners, trimmed.sinners), (lists.saints, trimmed.saints)):
        assert after == before[: len(after)]
        assert len(after) == min(len(before), math.ceil(living / 5))


def test_deaths_due_gathers_every_death_scheduled_for_the_day_end() -> None:
    scheduled = (
        ScheduledDeath(10, DeathCause.POISON, poison_death_day(3)),
        ScheduledDeath(11, DeathCause.POISON, poison_death_day(4)),
        ScheduledDeath(18, DeathCause.POISON, poison_death_day(3)),
        ScheduledDeath(12, DeathCause.PARTNER, partner_death_day(4)),
        ScheduledDeath(17, DeathCause.PARTNER, partner_death_day(5)),
        ScheduledDeath(13, DeathCause.DESPERADO, desperado_death_day(4)),
        ScheduledDeath(17, DeathCause.DESPERADO, desperado_death_day(5)),
        ScheduledDeath(15, DeathCause.BLOODLUST, bloodlust_death_day(set(), excused_days={1})),
        ScheduledDeath(16, DeathCause.BLOODLUST, bloodlust_death_day({2})),
        ScheduledDeath(
            10,
            DeathCause.EVICTION,
            eviction_day(InactivityNotice(10, day_end(4) - timedelta(hours=1)), DAY_ENDS),
        ),
    )
    living = frozenset({10, 11, 12, 13, 14, 15, 16, 17})
    assert deaths_due(5, scheduled, living) == (
        DueDeath(10, (DeathCause.POISON, DeathCause.EVICTION)),
        DueDeath(12, (DeathCause.PARTNER,)),
        DueDeath(13, (DeathCause.DESPERADO,)),
        DueDeath(15, (DeathCause.BLOODLUST,)),
    )


def test_players_dead_before_the_end_of_day_deaths_are_not_killed_again() -> None:
    scheduled = (
        ScheduledDeath(1, DeathCause.POISON, poison_death_day(1)),
        ScheduledDeath(2, DeathCause.POISON, poison_death_day(1)),
    )
    assert deaths_due(3, scheduled, frozenset({2})) == (DueDeath(2, (DeathCause.POISON,)),)


def test_a_death_whose_day_end_was_missed_happens_at_the_next_one() -> None:
    scheduled = (ScheduledDeath(4, DeathCause.BLOODLUST, 3),)
    assert deaths_due(4, scheduled, frozenset({4})) == (DueDeath(4, (DeathCause.BLOODLUST,)),)
    assert deaths_due(2, scheduled, frozenset({4})) == ()
