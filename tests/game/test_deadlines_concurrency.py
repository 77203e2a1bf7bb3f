"""Concurrent runs of the deadlines job on PostgreSQL, each on its own database connection."""

import datetime as dt
import threading

import pytest
from django.db import connection, connections, transaction

from game.models import Day, LogEntry
from game.rulesets.live_action.roles import Role
from game.services.days import day_cycle
from game.services.deadlines import process_due_events
from game.services.locking import lock_game
from tests.factories import make_game, sign_up, start_game

START = dt.datetime(2026, 10, 5, 16, 0, tzinfo=dt.UTC)
AFTER_DAY_END = dt.datetime(2026, 10, 6, 3, 30, tzinfo=dt.UTC)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (DATABASE_URL)"
    ),
]


def run_in_threads(count: int, target) -> list:
    barrier = threading.Barrier(count)
    results: list = []

    def worker() -> None:
        try:
            barrier.wait()
            results.append(target())
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def skipped_step(game, day, ended_at) -> None:
    return None


def test_concurrent_runs_close_the_day_once(monkeypatch):
    game = make_game(vote_reminder_minutes=0)
    players = sign_up(game, 4)
    start_game(game, {players[0]: Role.MAFIA}, now=START)
    passed_by = threading.Semaphore(0)

    def held_step(game, day, ended_at) -> None:
        # The run that ends the day holds it until the three others have come and gone.
        for _ in range(3):
            assert passed_by.acquire(timeout=60)

    def run() -> int:
        processed = process_due_events(now=AFTER_DAY_END)
        if processed == 0:
            passed_by.release()
        return processed

    only_held = {name: skipped_step for name in day_cycle.PHASE_END_STEPS}
    monkeypatch.setattr(day_cycle, "PHASE_END_STEPS", only_held | {"execution": held_step})

    results = run_in_threads(4, run)

    assert sorted(results) == [0, 0, 0, 1]
    assert list(Day.objects.filter(game=game).values_list("number", "ended_at")) == [
        (1, Day.objects.get(game=game, number=1).ends_at),
        (2, None),
    ]
    assert LogEntry.objects.filter(game=game, kind="day_ended").count() == 1


def test_an_event_whose_game_is_busy_waits_for_the_next_run():
    game = make_game(vote_reminder_minutes=0)
    players = sign_up(game, 3)
    start_game(game, {players[0]: Role.MAFIA}, now=START)
    locked = threading.Event()
    release = threading.Event()

    def hold_game_lock() -> None:
        try:
            with transaction.atomic():
                lock_game(game.pk)
                locked.set()
                assert release.wait(60)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_game_lock)
    holder.start()
    assert locked.wait(60)
    try:
        assert process_due_events(now=AFTER_DAY_END) == 0
    finally:
        release.set()
        holder.join(10)
    assert process_due_events(now=AFTER_DAY_END) == 1
    assert Day.objects.get(game=game, number=1).ended_at is not None
