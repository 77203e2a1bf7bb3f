"""The hammer falls exactly once when the votes that make the majority arrive together, by
post and by the form, each on its own PostgreSQL connection (docs/forum-play.md)."""

import datetime as dt
import threading

import pytest
from django.db import connection, connections

from forums.services.posts import post_create
from game.models import DayResult, LogEntry
from game.rulesets.phases import NIGHT
from game.services.days.votes import vote_cast
from tests.forums.forum_play.helpers import at, day_thread, forum_game, say

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (DATABASE_URL)"
    ),
]


def test_concurrent_hammers_end_the_day_once():
    game, p = forum_game()
    for name in ("vil1", "vil2", "vil3", "vil4"):
        say(p[name], "VOTE: maf1")
    thread = day_thread(game)
    when = at(game, 30)
    actions = [
        lambda: post_create(thread_id=thread.pk, by=p["cop"].user, body="VOTE: maf1", now=when),
        lambda: post_create(thread_id=thread.pk, by=p["maf2"].user, body="VOTE: maf1", now=when),
        lambda: vote_cast(
            game_id=game.pk, voter_id=p["doc"].pk, target_id=p["maf1"].pk,
            now=when + dt.timedelta(seconds=1),
        ),
    ]  # fmt: skip
    barrier = threading.Barrier(len(actions))
    errors: list[BaseException] = []

    def worker(action) -> None:
        try:
            barrier.wait()
            action()
        except Exception as error:  # noqa: BLE001 (a refusal is an answer; a deadlock is not)
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(a,)) for a in actions]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert not [e for e in errors if "deadlock" in str(e).lower()]
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == (NIGHT, 1)
    assert LogEntry.objects.filter(game=game, kind="hammer").count() == 1
    assert LogEntry.objects.filter(game=game, kind="execution").count() == 1
    assert DayResult.objects.get(game=game, day=1).executed_id == p["maf1"].pk
