"""The day end (R4): execution (R9, R10), then the end-of-day deaths, items, the win check."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from game.models import (
    Day,
    DayResult,
    GameStatus,
    Item,
    KillerAlignment,
    KillRecord,
    LogEntry,
    Player,
)
from game.rulesets.live_action import DeathCause
from game.rulesets.live_action.items import ItemKind
from game.rulesets.live_action.roles import Role
from game.services.killing.deaths import player_die
from game.services.locking import lock_game
from tests.factories import make_game, running_game, sign_up, start_game
from tests.game.helpers import alive, current_day, end_day, vote

pytestmark = pytest.mark.django_db


def mafia_kill(game, day: int, killer: Player | None = None) -> None:
    """Keep the mafia clock (R18) from ending test games."""
    KillRecord.objects.create(
        game=game,
        day=day,
        killer=killer,
        victim=None,
        killer_alignment=KillerAlignment.MAFIA,
        happened_at=Day.objects.get(game=game, number=day).started_at,
    )


def test_the_player_with_most_votes_is_executed_and_it_is_announced():
    game, (m, a, b, c, d) = running_game(5)
    for voter in (a, b, c):
        vote(game, voter, d)
    mafia_kill(game, 1)
    day = end_day(game)
    assert day.ended_at == day.ends_at
    d.refresh_from_db()
    assert not d.alive and d.death_cause == DeathCause.EXECUTION and d.death_day == 1
    assert d.died_at == day.ends_at
    assert LogEntry.objects.filter(kind="execution", text__startswith=f"{d.name} was executed")
    assert game.current_day == 2


def test_the_executed_players_items_go_to_random_living_players():
    game, (m, a, b, c, d) = running_game(5)
    Item.objects.bulk_create(Item(game=game, kind=ItemKind.SHOVEL, holder=d) for _ in range(3))
    for voter in (a, b, c):
        vote(game, voter, d)
    mafia_kill(game, 1)
    end_day(game)
    holders = set(Item.objects.filter(game=game).values_list("holder__alive", flat=True))
    assert holders == {True}


def test_a_tie_is_broken_by_the_previous_days_stored_totals():
    game, (m, a, b, c, d, e, f) = running_game(7)
    for voter in (m, a, b, c, e):
        vote(game, voter, None)
    vote(game, d, e)
    vote(game, f, e)
    mafia_kill(game, 1)
    end_day(game)
    assert DayResult.objects.get(game=game, day=1).totals[str(e.pk)] == 2
    for voter, target in ((a, d), (b, d), (c, e), (m, e), (d, f), (e, f), (f, c)):
        vote(game, voter, target)
    mafia_kill(game, 2)
    end_day(game)
    result = DayResult.objects.get(game=game, day=2)
    assert result.executed_id == e.pk
    assert result.reason == "tie broken on day 1"
    assert not alive(e)


def test_no_execution_winning_on_day_one_executes_nobody():
    game, players = running_game(5)
    for voter in players[:3]:
        vote(game, voter, None)
    mafia_kill(game, 1)
    end_day(game)
    assert all(alive(p) for p in players)
    assert DayResult.objects.get(game=game, day=1).executed_id is None


def test_a_conditional_vote_falls_back_when_the_primary_target_died_during_the_day():
    game, (m, a, b, c, d) = running_game(5)
    for voter in (a, b):
        vote(game, voter, c, fallback_id=d.pk, condition="primary_dead")
    with_lock = lock_game(game.pk)
    c.refresh_from_db()
    player_die(game=with_lock, player=c, at=current_day(game).started_at, cause=DeathCause.KILL)
    mafia_kill(game, 1)
    end_day(game)
    assert not alive(d)


def test_a_kill_announced_after_the_vote_switches_to_the_fallback():
    game, (m, a, b, c, d) = running_game(5)
    start = current_day(game).started_at
    for voter in (a, b):
        vote(game, voter, c, fallback_id=d.pk, condition="kill_announced_after", at=start)
    KillRecord.objects.create(
        game=game,
        day=1,
        killer=m,
        victim=None,
        killer_alignment=KillerAlignment.MAFIA,
        happened_at=start + dt.timedelta(hours=1),
        announced_at=start + dt.timedelta(hours=2),
    )
    end_day(game)
    assert not alive(d) and alive(c)


def test_executing_the_last_mafia_ends_the_game_with_a_town_win_and_no_next_day():
    game, (m, a, b, c) = running_game(4)
    for voter in (a, b, c):
        vote(game, voter, m)
    end_day(game)
    assert game.status == GameStatus.FINISHED and game.winner == "town"
    assert not Day.objects.filter(game=game, number=2).exists()
    assert LogEntry.objects.filter(game=game, kind="game_over").count() == 1
    assert not game.due_events.filter(done_at__isnull=True, cancelled_at__isnull=True).exists()


def test_two_days_in_a_row_without_a_mafia_kill_is_a_town_win():
    game, players = running_game(6)
    end_day(game)
    assert game.status == GameStatus.RUNNING
    end_day(game)
    assert game.status == GameStatus.FINISHED and game.winner == "town"
    assert "R18" in LogEntry.objects.get(game=game, kind="game_over").text


def test_a_poison_death_counts_as_a_mafia_kill_for_its_day():
    from game.snapshots.kill_facts import mafia_kill_days

    game, (m, a, b, c, d) = running_game(5)
    with_lock = lock_game(game.pk)
    player_die(game=with_lock, player=a, at=current_day(game).started_at, cause=DeathCause.POISON)
    assert mafia_kill_days(game) == {1}


def test_day_end_queries_do_not_grow_with_players_or_days():
    def run(size: int) -> int:
        game, players = running_game(size, mafia=2)
        for number in range(1, 4):
            for voter in players[2:]:
                vote(game, voter, voter)
            mafia_kill(game, number)
            if number < 3:
                end_day(game)
        with CaptureQueriesContext(connection) as queries:
            end_day(game)
        assert game.current_day == 4
        return len(queries)

    assert run(10) == run(40)


def test_a_game_of_roles_without_townies_alive_is_a_mafia_win_at_the_execution():
    game = make_game()
    m, s, t = sign_up(game, 3)
    start_game(game, {m: Role.MAFIA, s: Role.SERIAL_KILLER})
    vote(game, m, t)
    vote(game, s, t)
    end_day(game)
    assert game.winner == "mafia"
