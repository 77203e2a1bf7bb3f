"""A moderator's "end the day now" ends one day, named by the request, and its end is the moment
it holds the day (R1, R4, R5): two requests at once, from two connections on PostgreSQL, end one
day, and every vote is either before the end (counted) or after it (told so)."""

import datetime as dt
import json
import threading
import time

import pytest
import time_machine
from django.db import connection, connections, transaction
from django.urls import reverse
from django.utils import timezone

from game.models import Day, DayResult, LogEntry, Vote
from game.tasks import process_due_events as process_due_events_task
from tests.conftest import client_for
from tests.factories import moderator_of, running_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (DATABASE_URL)"
    ),
]


def live_game(size: int):
    game, players = running_game(size)
    game.days.update(ends_at=timezone.now() + dt.timedelta(hours=6))
    game.due_events.update(due_at=timezone.now() + dt.timedelta(hours=6))
    return game, players


def post_json(client, url: str, data: dict):
    return client.post(url, json.dumps(data), content_type="application/json")


def in_threads(calls) -> list:
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index: int, call) -> None:
        try:
            barrier.wait()
            results[index] = call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def wait_until_a_connection_waits_for_a_lock() -> None:
    """Until another connection to the test database waits for a lock (the day end, behind the
    vote in flight)."""
    deadline = time.monotonic() + 60
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.01)
    raise AssertionError("no connection waited for a lock")


def test_two_concurrent_api_requests_to_end_day_1_end_one_day():
    game, _ = live_game(6)
    moderator = moderator_of(game)
    url = f"/api/v1/games/{game.pk}/day/end"
    clients = [client_for(moderator), client_for(moderator)]

    responses = in_threads([lambda c=c: post_json(c, url, {"day": 1}) for c in clients])

    assert sorted(r.status_code for r in responses) == [200, 409]
    refused = next(r for r in responses if r.status_code == 409)
    assert refused.json()["detail"] == "Day 1 has already ended."
    game.refresh_from_db()
    assert game.current_day == 2
    assert LogEntry.objects.filter(game=game, kind="day_ended").count() == 1
    assert DayResult.objects.filter(game=game).count() == 1


def test_two_concurrent_page_requests_to_end_day_1_end_one_day():
    game, _ = live_game(6)
    moderator = moderator_of(game)
    url = reverse("mod_day_end", args=[game.pk])
    clients = [client_for(moderator), client_for(moderator)]

    responses = in_threads([lambda c=c: c.post(url, {"day": "1", "reason": ""}) for c in clients])

    assert sorted(r.status_code for r in responses) == [302, 409]
    refused = next(r for r in responses if r.status_code == 409)
    assert "Day 1 has already ended." in refused.content.decode()
    game.refresh_from_db()
    assert game.current_day == 2
    assert LogEntry.objects.filter(game=game, kind="day_ended").count() == 1


def test_votes_recorded_while_the_end_waits_for_the_day_are_stamped_before_the_end(settings):
    """The end is the moment the day end holds the day: a vote that slips in while it waits for
    the votes in flight is counted and stamped before it, never counted and stamped after. The
    moments are the database's clock (one clock for every host)."""
    settings.GAME_CLOCK = "database"
    game, (_, a, b, c, *_) = live_game(6)
    moderator = moderator_of(game)
    votes_url = f"/api/v1/games/{game.pk}/votes"
    in_flight = threading.Event()
    release = threading.Event()
    results: dict[str, object] = {}

    def vote_held_open() -> None:
        try:
            with transaction.atomic():
                results["held"] = post_json(client_for(a.user), votes_url, {"target_id": b.pk})
                in_flight.set()
                assert release.wait(60)
        finally:
            connections.close_all()

    def end_now() -> None:
        try:
            results["end"] = post_json(
                client_for(moderator), f"/api/v1/games/{game.pk}/day/end", {"day": 1}
            )
        finally:
            connections.close_all()

    holder = threading.Thread(target=vote_held_open)
    holder.start()
    assert in_flight.wait(60)
    ender = threading.Thread(target=end_now)
    ender.start()
    wait_until_a_connection_waits_for_a_lock()
    late = post_json(client_for(c.user), votes_url, {"target_id": b.pk})
    release.set()
    holder.join(60)
    ender.join(60)

    assert results["held"].status_code == 201 and results["end"].status_code == 200
    assert late.status_code == 201
    day_1 = Day.objects.get(game=game, number=1)
    for vote in Vote.objects.filter(game=game):
        if vote.day == 1:
            assert vote.cast_at <= day_1.ended_at
        else:
            assert vote.cast_at >= day_1.ended_at
    assert late.json()["day"] == Vote.objects.get(voter=c).day


def test_what_is_due_is_decided_by_the_database_clock_not_the_workers(settings):
    """A worker whose clock runs a day ahead processes nothing that is not due by the database's
    clock (one clock for every host)."""
    settings.GAME_CLOCK = "database"
    game, _ = live_game(5)
    ends_at = Day.objects.get(game=game, number=1).ends_at

    with time_machine.travel(ends_at + dt.timedelta(days=1), tick=False):
        processed = process_due_events_task.delay().get()

    assert processed == 0
    assert Day.objects.get(game=game, number=1).ended_at is None
