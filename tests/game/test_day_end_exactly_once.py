"""A day end happens exactly once (R4): doubled, late, crashed or concurrent runs."""

import datetime as dt
import threading

import pytest
from django.db import connection, connections

from game.models import Day, DayEndRecord, DayResult, LogEntry
from game.rulesets.live_action import DeathCause
from game.services.days import day_cycle
from game.services.days.day_cycle import day_end_now
from game.services.deadlines import process_due_events
from tests.factories import moderator_of, running_game
from tests.game.helpers import alive, current_day, end_day, vote
from tests.game.test_day_end import mafia_kill

pytestmark = pytest.mark.django_db


def voted_game():
    game, (m, a, b, c, d) = running_game(5, vote_reminder_minutes=0)
    for voter in (a, b, c):
        vote(game, voter, d)
    mafia_kill(game, 1)
    return game, d


def test_running_the_job_twice_executes_once():
    game, condemned = voted_game()
    end = current_day(game).ends_at
    assert process_due_events(now=end) == 1
    assert process_due_events(now=end + dt.timedelta(minutes=1)) == 0
    assert LogEntry.objects.filter(game=game, kind="execution").count() == 1
    assert DayEndRecord.objects.filter(game=game).count() == 1


def test_a_run_that_crashes_halfway_leaves_nothing_done_and_the_next_run_finishes_it():
    game, condemned = voted_game()

    def crash(game, day, ended_at):
        raise RuntimeError("worker lost")

    step = day_cycle.PHASE_END_STEPS["items_of_the_dead"]
    day_cycle.PHASE_END_STEPS["items_of_the_dead"] = crash
    try:
        process_due_events(now=current_day(game).ends_at)
    finally:
        day_cycle.PHASE_END_STEPS["items_of_the_dead"] = step
    assert alive(condemned)
    assert current_day(game).ended_at is None
    assert not DayResult.objects.filter(game=game).exists()
    end_day(game)
    condemned.refresh_from_db()
    assert condemned.death_cause == DeathCause.EXECUTION
    assert LogEntry.objects.filter(game=game, kind="execution").count() == 1


def test_an_outage_across_23_is_caught_up_once_with_the_days_own_end_time():
    game, condemned = voted_game()
    end = current_day(game).ends_at
    process_due_events(now=end + dt.timedelta(hours=5))
    condemned.refresh_from_db()
    assert condemned.died_at == end
    day2 = Day.objects.get(game=game, number=2)
    assert day2.started_at == end and day2.ended_at is None


def test_a_vote_after_the_end_time_but_before_a_late_job_counts_for_the_next_day():
    game, condemned = voted_game()
    end = current_day(game).ends_at
    _, a, b, c, d = game.players.order_by("id")
    vote(game, a, b, at=end + dt.timedelta(minutes=2))
    process_due_events(now=end + dt.timedelta(minutes=10))
    assert alive(b) and not alive(d)
    assert game.votes.filter(voter=a, day=2).count() == 1


def test_the_moderators_end_now_and_the_clock_do_not_both_end_the_day():
    game, condemned = voted_game()
    day = current_day(game)
    day_end_now(
        game_id=game.pk,
        day=day.number,
        by=moderator_of(game),
        now=day.started_at + dt.timedelta(hours=3),
    )
    process_due_events(now=day.started_at + dt.timedelta(hours=3, minutes=1))
    assert DayEndRecord.objects.filter(game=game, day=1).count() == 1
    assert LogEntry.objects.filter(game=game, kind="execution").count() == 1
    game.refresh_from_db()
    assert game.current_day == 2


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_day_end_runs_on_postgresql_produce_one_execution():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks")
    game, condemned = voted_game()
    end = current_day(game).ends_at
    barrier = threading.Barrier(2)
    results: list[int] = []

    def run() -> None:
        try:
            barrier.wait()
            results.append(process_due_events(now=end))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [0, 1]
    assert LogEntry.objects.filter(game=game, kind="execution").count() == 1
    assert DayEndRecord.objects.filter(game=game).count() == 1


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_votes_racing_a_day_end_on_postgresql_are_counted_for_exactly_one_day():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks")
    game, players = running_game(12, vote_reminder_minutes=0)
    target = players[-1]
    end = current_day(game).ends_at
    barrier = threading.Barrier(len(players))
    errors: list[Exception] = []

    def cast(voter) -> None:
        try:
            barrier.wait()
            vote(game, voter, target, at=end - dt.timedelta(seconds=1))
        except Exception as error:  # noqa: BLE001 (reported by the assertion below)
            errors.append(error)
        finally:
            connections.close_all()

    def run_day_end() -> None:
        try:
            barrier.wait()
            process_due_events(now=end)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=cast, args=(p,)) for p in players[:-1]]
    threads.append(threading.Thread(target=run_day_end))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    counted = {voter for voter, *_ in DayResult.objects.get(game=game, day=1).counted}
    day_one = set(game.votes.filter(day=1).values_list("voter_id", flat=True))
    day_two = set(game.votes.filter(day=2).values_list("voter_id", flat=True))
    assert day_one | day_two == {p.pk for p in players[:-1]} and not day_one & day_two
    result = DayResult.objects.get(game=game, day=1)
    assert result.totals.get(str(target.pk), 0) == len(day_one) + 1
    assert day_one <= counted
