"""Who may ask which investigation (R21-R24, R26, R31)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.live_action import Capacity
from game.rulesets.live_action.facts import (
    ALREADY_ASKED,
    Asker,
    InvestigatedDeath,
    PastInvestigation,
    PlayerLife,
    SiteVisit,
)
from game.rulesets.live_action.investigation_limits import (
    DAILY_USED,
    DEAD_ASKER,
    MISSING_CAPACITY,
    NO_VISIT,
    NOT_A_KILL,
    ONE_SUSPECT,
    investigation_refusals,
)
from game.rulesets.live_action.roles.gay_knight import NO_GUESSES_LEFT, NOT_PARTNER
from game.rulesets.live_action.roles.group_investigator import NO_SUSPECTS, SET_TOO_LARGE
from game.rulesets.live_action.roles.group_investigator import TODAY as GROUP_TODAY
from game.rulesets.live_action.roles.group_investigator import YESTERDAY as GROUP_YESTERDAY
from game.rulesets.live_action.roles.group_investigator import (
    last_investigation_day as last_group_investigation_day,
)
from game.rulesets.live_action.roles.group_investigator import set_limit as group_set_limit
from game.rulesets.live_action.roles.serial_killer import NO_GRANT
from game.rulesets.live_action.roles.serial_killer import (
    gaining_investigation as serial_killers_gaining_investigation,
)

ME, VICTIM, OTHER_VICTIM, SUSPECT = 1, 9, 8, 5
NOON = datetime(2025, 3, 4, 12, 0, tzinfo=UTC)
KILL = InvestigatedDeath(VICTIM, killed_at=NOON)


def asker(*capacities: Capacity, **facts: Any) -> Asker:
    """An asker who visited both kill sites, holding `capacities`."""
    visited = frozenset({VICTIM, OTHER_VICTIM})
    return replace(Asker(ME, capacities=frozenset(capacities), visited_sites=visited), **facts)


def past(capacity: Capacity, day: int, victim: int = VICTIM, who: int = ME) -> PastInvestigation:
    return PastInvestigation(who, capacity, day, victim)


def refusals(
    who: Asker,
    capacity: Capacity,
    *,
    day: int = 4,
    death: InvestigatedDeath = KILL,
    suspects: Collection[int] = (SUSPECT,),
    history: Iterable[PastInvestigation] = (),
) -> list[str]:
    """`suspects` are living players."""
    return investigation_refusals(
        asker=who,
        capacity=capacity,
        day=day,
        death=death,
        suspects=[PlayerLife(suspect) for suspect in suspects],
        history=history,
    )


def test_an_investigator_who_visited_the_kill_site_may_ask() -> None:
    assert refusals(asker(Capacity.INVESTIGATOR), Capacity.INVESTIGATOR) == []


# R21: the kill site visit, and only kills.
def test_an_investigation_needs_a_reported_visit_to_the_kill_site() -> None:
    who = asker(Capacity.INVESTIGATOR, visited_sites=frozenset({OTHER_VICTIM}))
    assert refusals(who, Capacity.INVESTIGATOR) == [NO_VISIT]


def test_a_visit_made_before_becoming_mayor_counts_for_the_mayor() -> None:
    # The visit is recorded against the player, whatever office they held then.
    assert refusals(asker(Capacity.MAYOR), Capacity.MAYOR) == []


@pytest.mark.parametrize("capacity", [Capacity.INVESTIGATOR, Capacity.GAY_KNIGHT])
def test_executions_and_end_of_day_deaths_cannot_be_investigated(capacity: Capacity) -> None:
    who = asker(capacity, gay_knight_partner=VICTIM)
    assert refusals(who, capacity, death=InvestigatedDeath(VICTIM, killed_at=None)) == [NOT_A_KILL]


def test_a_dead_player_cannot_investigate() -> None:
    assert refusals(asker(Capacity.INVESTIGATOR, alive=False), Capacity.INVESTIGATOR) == [
        DEAD_ASKER
    ]


@pytest.mark.parametrize("capacity", list(Capacity))
def test_a_capacity_the_player_does_not_hold_is_refused(capacity: Capacity) -> None:
    who = asker(gay_knight_partner=VICTIM, serial_killer_grants=frozenset({VICTIM}))
    assert refusals(who, capacity) == [MISSING_CAPACITY[capacity]]


def test_a_regular_investigation_names_exactly_one_suspect() -> None:
    who = asker(Capacity.INVESTIGATOR)
    assert refusals(who, Capacity.INVESTIGATOR, suspects=(2, 3)) == [ONE_SUSPECT]


# R22: one investigation a day from each capacity.
@pytest.mark.parametrize(
    "capacity",
    [Capacity.INVESTIGATOR, Capacity.DESPERADO, Capacity.MAYOR, Capacity.POLICE_OFFICER],
)
def test_each_capacity_gives_one_investigation_a_day(capacity: Capacity) -> None:
    history = [past(capacity, 4, OTHER_VICTIM)]
    assert refusals(asker(capacity), capacity, history=history) == [
        DAILY_USED(capacity=capacity.replace("_", " "))
    ]


def test_yesterdays_investigation_does_not_use_todays() -> None:
    history = [past(Capacity.INVESTIGATOR, 3, OTHER_VICTIM)]
    assert refusals(asker(Capacity.INVESTIGATOR), Capacity.INVESTIGATOR, history=history) == []


def test_a_player_with_two_capacities_gets_one_a_day_from_each() -> None:
    who = asker(Capacity.INVESTIGATOR, Capacity.MAYOR)
    history = [past(Capacity.INVESTIGATOR, 4, OTHER_VICTIM)]
    assert refusals(who, Capacity.MAYOR, history=history) == []
    assert refusals(who, Capacity.INVESTIGATOR, history=history) != []


def test_another_players_investigation_does_not_use_mine() -> None:
    history = [past(Capacity.INVESTIGATOR, 4, VICTIM, who=7)]
    assert refusals(asker(Capacity.INVESTIGATOR), Capacity.INVESTIGATOR, history=history) == []


# R23: one question about each death, ever, per capacity; the police officer's watch list.
def test_a_capacity_asks_about_a_death_only_once_ever() -> None:
    history = [past(Capacity.INVESTIGATOR, 2)]
    assert refusals(asker(Capacity.INVESTIGATOR), Capacity.INVESTIGATOR, history=history) == [
        ALREADY_ASKED
    ]


def test_another_capacity_of_the_same_player_may_ask_about_the_same_death() -> None:
    who = asker(Capacity.INVESTIGATOR, Capacity.MAYOR)
    assert refusals(who, Capacity.MAYOR, history=[past(Capacity.INVESTIGATOR, 2)]) == []


def test_a_police_officer_may_ask_again_about_a_victim_who_died_on_their_watch_list() -> None:
    watched = InvestigatedDeath(VICTIM, killed_at=NOON, watched_by=frozenset({ME}))
    history = [past(Capacity.POLICE_OFFICER, 2)]
    who = asker(Capacity.POLICE_OFFICER)
    assert refusals(who, Capacity.POLICE_OFFICER, death=watched, history=history) == []


def test_a_police_officer_may_not_ask_again_about_a_death_off_their_watch_list() -> None:
    others_watch = InvestigatedDeath(VICTIM, killed_at=NOON, watched_by=frozenset({7}))
    history = [past(Capacity.POLICE_OFFICER, 2)]
    who = asker(Capacity.POLICE_OFFICER)
    assert refusals(who, Capacity.POLICE_OFFICER, death=others_watch, history=history) == [
        ALREADY_ASKED
    ]


def test_the_watch_list_exception_does_not_lift_the_daily_limit() -> None:
    watched = InvestigatedDeath(VICTIM, killed_at=NOON, watched_by=frozenset({ME}))
    history = [past(Capacity.POLICE_OFFICER, 4)]
    who = asker(Capacity.POLICE_OFFICER)
    assert refusals(who, Capacity.POLICE_OFFICER, death=watched, history=history) == [
        DAILY_USED(capacity="police officer")
    ]


# R24: the serial killer's investigation of a kill site.
SK, SK2, INV1, INV2, INV3, TOWNIE = 20, 21, 30, 31, 32, 40


def visits(*who: tuple[int, bool, bool]) -> list[SiteVisit]:
    return [
        SiteVisit(visitor, NOON + timedelta(minutes=i), investigative, serial_killer)
        for i, (visitor, investigative, serial_killer) in enumerate(who)
    ]


@pytest.mark.parametrize(
    ("killer", "site_visits", "gained"),
    [
        pytest.param(1, visits((SK, False, True)), {SK}, id="first-visitor"),
        pytest.param(
            1,
            visits((INV1, True, False), (INV2, True, False), (SK, False, True)),
            {SK},
            id="after-two-investigators",
        ),
        pytest.param(
            1,
            visits(
                (INV1, True, False), (INV2, True, False), (INV3, True, False), (SK, False, True)
            ),
            set(),
            id="after-three-investigators-too-late",
        ),
        pytest.param(
            1,
            visits(
                (INV1, True, False), (INV1, True, False), (INV2, True, False), (SK, False, True)
            ),
            {SK},
            id="an-investigator-visiting-twice-counts-once",
        ),
        pytest.param(
            1,
            visits((TOWNIE, False, False), (7, False, False), (8, False, False), (SK, False, True)),
            {SK},
            id="players-without-investigative-powers-do-not-count",
        ),
        pytest.param(SK, visits((SK, False, True)), set(), id="not-at-their-own-kill"),
        pytest.param(
            1,
            visits((INV1, True, False), (INV2, True, False), (SK, False, True), (SK2, False, True)),
            {SK},
            id="a-serial-killer-who-gains-counts-toward-the-three",
        ),
    ],
)
def test_serial_killers_gaining_investigation_follows_r24(
    killer: int, site_visits: list[SiteVisit], gained: set[int]
) -> None:
    assert serial_killers_gaining_investigation(killer, site_visits) == gained


def test_a_serial_killer_investigates_a_death_they_gained() -> None:
    who = asker(Capacity.SERIAL_KILLER, serial_killer_grants=frozenset({VICTIM}))
    assert refusals(who, Capacity.SERIAL_KILLER) == []


def test_a_serial_killer_without_the_gained_investigation_is_refused() -> None:
    who = asker(Capacity.SERIAL_KILLER, serial_killer_grants=frozenset({OTHER_VICTIM}))
    assert refusals(who, Capacity.SERIAL_KILLER) == [NO_GRANT]


def test_a_serial_killer_gains_one_investigation_per_death() -> None:
    who = asker(Capacity.SERIAL_KILLER, serial_killer_grants=frozenset({VICTIM, OTHER_VICTIM}))
    history = [past(Capacity.SERIAL_KILLER, 4, OTHER_VICTIM)]
    assert refusals(who, Capacity.SERIAL_KILLER, history=history) == []
    assert refusals(who, Capacity.SERIAL_KILLER, history=[past(Capacity.SERIAL_KILLER, 2)]) == [
        ALREADY_ASKED
    ]


# R31: the group investigator's clock, with the rules' own examples.
@pytest.mark.parametrize(
    ("last_day", "day", "limit"),
    [(3, 4, 0), (3, 5, 3), (3, 6, 6), (3, 7, 10), (0, 1, 0), (0, 2, 3), (3, 3, 0)],
)
def test_group_set_limit_follows_the_r31_table(last_day: int, day: int, limit: int) -> None:
    assert group_set_limit(last_day, day) == limit


@given(last_day=st.integers(0, 50), m=st.integers(2, 50))
def test_group_set_limit_is_the_triangular_number_of_the_days_waited(last_day: int, m: int) -> None:
    assert group_set_limit(last_day, last_day + m) == sum(range(1, m + 1))


def test_the_group_investigator_is_considered_to_have_investigated_on_day_0() -> None:
    assert last_group_investigation_day(ME, []) == 0
    assert last_group_investigation_day(ME, [past(Capacity.GROUP_INVESTIGATOR, 3)]) == 3


GROUP = Capacity.GROUP_INVESTIGATOR


@pytest.mark.parametrize(
    ("history_days", "day", "size", "expected"),
    [
        pytest.param([3], 4, 1, [GROUP_YESTERDAY], id="last-on-3-none-on-4"),
        pytest.param([3], 5, 3, [], id="last-on-3-three-on-5"),
        pytest.param(
            [3],
            5,
            4,
            [SET_TOO_LARGE(limit=3)],
            id="last-on-3-not-four-on-5",
        ),
        pytest.param([3], 6, 6, [], id="last-on-3-six-on-6"),
        pytest.param([3], 7, 10, [], id="last-on-3-ten-on-7"),
        pytest.param(
            [3],
            7,
            11,
            [SET_TOO_LARGE(limit=10)],
            id="last-on-3-not-eleven-on-7",
        ),
        pytest.param([], 1, 1, [GROUP_YESTERDAY], id="day-0-counts-none-on-1"),
        pytest.param([], 2, 3, [], id="day-0-counts-three-on-2"),
        pytest.param([2], 2, 1, [GROUP_TODAY], id="already-today"),
        pytest.param([], 2, 0, [NO_SUSPECTS], id="an-empty-set"),
    ],
)
def test_group_investigation_set_size_follows_r31(
    history_days: list[int], day: int, size: int, expected: list[str]
) -> None:
    history = [past(GROUP, d, OTHER_VICTIM) for d in history_days]
    suspects = range(100, 100 + size)
    assert refusals(asker(GROUP), GROUP, day=day, suspects=suspects, history=history) == expected


def test_a_group_investigator_asks_about_each_death_once() -> None:
    history = [past(GROUP, 2)]
    assert refusals(asker(GROUP), GROUP, day=5, suspects=(2, 3), history=history) == [ALREADY_ASKED]


# R26: Gay Knight guesses.
GK = Capacity.GAY_KNIGHT


def test_a_gay_knight_guesses_their_partners_killer_without_visiting_the_site() -> None:
    who = asker(GK, gay_knight_partner=VICTIM, visited_sites=frozenset())
    assert refusals(who, GK) == []


def test_a_gay_knight_guesses_only_about_their_partner() -> None:
    who = asker(GK, gay_knight_partner=OTHER_VICTIM)
    assert refusals(who, GK) == [NOT_PARTNER]


def test_a_gay_knight_may_guess_twice_about_the_same_death_even_on_one_day() -> None:
    who = asker(GK, gay_knight_partner=VICTIM)
    assert refusals(who, GK, history=[past(GK, 4)]) == []


def test_a_gay_knight_has_two_guesses_per_game() -> None:
    who = asker(GK, gay_knight_partner=VICTIM)
    assert refusals(who, GK, history=[past(GK, 3), past(GK, 4)]) == [NO_GUESSES_LEFT]


def test_every_broken_rule_is_listed() -> None:
    who = asker(alive=False, visited_sites=frozenset())
    assert refusals(
        who, Capacity.INVESTIGATOR, suspects=(), history=[past(Capacity.INVESTIGATOR, 4)]
    ) == [
        DEAD_ASKER,
        MISSING_CAPACITY[Capacity.INVESTIGATOR],
        NO_VISIT,
        DAILY_USED(capacity="investigator"),
        ALREADY_ASKED,
        ONE_SUSPECT,
    ]
