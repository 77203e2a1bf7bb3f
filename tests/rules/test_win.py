"""Win conditions (R16-R18)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.live_action import DeathCause
from game.rulesets.live_action.facts import Alignment
from game.rulesets.live_action.roles import Role, is_mafia_aligned
from game.rulesets.live_action.win import (
    Death,
    PlayerStatus,
    Winner,
    counts_as_mafia_kill,
    is_townie,
    mafia_clock,
    mafia_clock_expired,
    mafia_kill_days,
    outcome_at_day_end,
    winner,
)

TOWN_ROLES = [role for role in Role if role not in (Role.MAFIA, Role.SERIAL_KILLER)]


def table(*rows: tuple[Role, bool] | tuple[Role, bool, bool]) -> list[PlayerStatus]:
    """Players numbered from 1: (role, alive) or (role, alive, conscripted)."""
    return [PlayerStatus(n, *row) for n, row in enumerate(rows, start=1)]


@pytest.mark.parametrize("role", TOWN_ROLES)
def test_every_town_role_is_a_townie_until_conscripted(role: Role) -> None:
    assert is_townie(PlayerStatus(1, role))
    assert not is_townie(PlayerStatus(1, role, conscripted=True))


def test_serial_killers_and_mafia_are_not_townies() -> None:
    assert not is_townie(PlayerStatus(1, Role.MAFIA))
    assert not is_townie(PlayerStatus(2, Role.SERIAL_KILLER))


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        pytest.param(table((Role.MAFIA, True), (Role.TOWNIE, True)), None, id="both-sides-alive"),
        pytest.param(
            table((Role.MAFIA, False), (Role.TOWNIE, True), (Role.PRIEST, False)),
            Winner.TOWN,
            id="all-mafia-dead-and-a-townie-alive",
        ),
        pytest.param(
            table((Role.MAFIA, True), (Role.TOWNIE, False), (Role.VIGILANTE, False)),
            Winner.MAFIA,
            id="all-townies-dead",
        ),
        pytest.param(
            table((Role.MAFIA, False), (Role.SERIAL_KILLER, True), (Role.STALKER, True)),
            Winner.TOWN,
            id="serial-killers-need-not-die-for-the-town",
        ),
        pytest.param(
            table((Role.MAFIA, False), (Role.SERIAL_KILLER, True), (Role.STALKER, False)),
            Winner.MAFIA,
            id="only-serial-killers-alive-is-a-mafia-win",
        ),
        pytest.param(
            table((Role.MAFIA, False), (Role.TOWNIE, False)),
            Winner.MAFIA,
            id="everyone-dead-is-a-mafia-win",
        ),
        pytest.param(
            table((Role.MAFIA, False), (Role.INVESTIGATOR, True, True), (Role.TOWNIE, True)),
            None,
            id="a-living-conscript-keeps-the-mafia-in-the-game",
        ),
        pytest.param(
            table((Role.MAFIA, False), (Role.INVESTIGATOR, True, True), (Role.TOWNIE, False)),
            Winner.MAFIA,
            id="a-conscript-is-not-a-townie",
        ),
    ],
)
def test_winner_follows_r17(players: list[PlayerStatus], expected: Winner | None) -> None:
    assert winner(players) == expected


player_tables = st.lists(
    st.builds(PlayerStatus, st.integers(), st.sampled_from(Role), st.booleans(), st.booleans()),
    max_size=8,
)


@given(player_tables)
def test_winner_is_decided_by_living_townies_and_mafia_aligned_only(
    players: list[PlayerStatus],
) -> None:
    living = [p for p in players if p.alive]
    townie_alive = any(is_townie(p) for p in living)
    mafia_alive = any(is_mafia_aligned(p.role, conscripted=p.conscripted) for p in living)
    expected = Winner.MAFIA if not townie_alive else None if mafia_alive else Winner.TOWN
    assert winner(players) == expected
    assert winner(players) == winner(p for p in players if p.alive)


@pytest.mark.parametrize(
    ("cause", "killer", "serial_killer_kills_count", "counts"),
    [
        (DeathCause.KILL, Alignment.MAFIA, False, True),
        (DeathCause.HITMAN, None, False, True),
        (DeathCause.POISON, None, False, True),
        (DeathCause.KILL, Alignment.SERIAL_KILLER, False, False),
        (DeathCause.KILL, Alignment.SERIAL_KILLER, True, True),
        (DeathCause.KILL, Alignment.TOWN, False, False),
        (DeathCause.KILL, Alignment.TOWN, True, False),
        (DeathCause.EXECUTION, None, True, False),
        (DeathCause.PARTNER, None, True, False),
        (DeathCause.DESPERADO, None, True, False),
        (DeathCause.BLOODLUST, None, True, False),
        (DeathCause.EVICTION, None, True, False),
    ],
)
def test_mafia_kills_for_the_clock_follow_r18(
    cause: DeathCause, killer: Alignment | None, serial_killer_kills_count: bool, counts: bool
) -> None:
    death = Death(victim=1, day=2, cause=cause, killer_alignment=killer)
    setting = serial_killer_kills_count
    assert counts_as_mafia_kill(death, serial_killer_kills_count=setting) is counts


def test_a_kill_must_say_who_was_killing() -> None:
    with pytest.raises(ValueError):
        Death(victim=1, day=1, cause=DeathCause.KILL)


def test_mafia_kill_days_gather_the_counting_deaths_by_day() -> None:
    deaths = [
        Death(1, 1, DeathCause.KILL, Alignment.MAFIA),
        Death(2, 2, DeathCause.EXECUTION),
        Death(3, 3, DeathCause.KILL, Alignment.SERIAL_KILLER),
        Death(4, 4, DeathCause.POISON),
        Death(5, 4, DeathCause.HITMAN),
    ]
    assert mafia_kill_days(deaths) == {1, 4}
    assert mafia_kill_days(deaths, serial_killer_kills_count=True) == {1, 3, 4}


@pytest.mark.parametrize(
    ("last_ended_day", "kill_days", "expired"),
    [
        pytest.param(1, set(), False, id="one-quiet-day"),
        pytest.param(2, set(), True, id="two-quiet-days-from-the-start"),
        pytest.param(3, {2}, False, id="quiet-days-1-and-3-are-not-consecutive"),
        pytest.param(4, {1, 2}, True, id="days-3-and-4-quiet"),
        pytest.param(5, {1, 3, 5}, False, id="two-quiet-days-apart"),
        pytest.param(6, {1, 3, 5}, True, id="third-quiet-day-in-all"),
        pytest.param(7, {1, 2, 3, 4, 5, 6}, False, id="one-quiet-day-after-kills"),
        pytest.param(8, {1, 2, 3, 4, 5, 6}, True, id="two-quiet-days-after-kills"),
    ],
)
def test_mafia_clock_expires_after_two_consecutive_or_three_quiet_days(
    last_ended_day: int, kill_days: set[int], expired: bool
) -> None:
    assert mafia_clock_expired(last_ended_day, kill_days) is expired


def test_mafia_clock_reports_the_quiet_days_and_longest_run() -> None:
    clock = mafia_clock(6, {1, 3, 4})
    assert clock.days_without_kill == (2, 5, 6)
    assert clock.longest_run == 2


@given(st.integers(0, 12), st.sets(st.integers(1, 12)))
def test_mafia_clock_agrees_with_its_definition(last_ended_day: int, kill_days: set[int]) -> None:
    quiet = [d for d in range(1, last_ended_day + 1) if d not in kill_days]
    consecutive = any(d + 1 in quiet for d in quiet)
    assert mafia_clock_expired(last_ended_day, kill_days) is (len(quiet) >= 3 or consecutive)


def test_day_end_checks_the_last_townie_before_the_mafia_clock() -> None:
    players = table((Role.MAFIA, True), (Role.TOWNIE, False))
    assert mafia_clock_expired(2, set())
    assert outcome_at_day_end(players, 2, set()) is Winner.MAFIA


@pytest.mark.parametrize(
    ("last_ended_day", "kill_days", "expected"),
    [(2, set(), Winner.TOWN), (2, {2}, None), (3, {2}, None), (4, {2}, Winner.TOWN)],
)
def test_day_end_gives_the_town_the_win_when_the_mafia_clock_runs_out(
    last_ended_day: int, kill_days: set[int], expected: Winner | None
) -> None:
    players = table((Role.MAFIA, True), (Role.TOWNIE, True))
    assert outcome_at_day_end(players, last_ended_day, kill_days) == expected
