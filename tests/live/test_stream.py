"""The stream: access per topic, events after commit only, replay, and idle streams that cost
no query."""

from __future__ import annotations

import contextlib

import pytest
from django.db import transaction
from django.db.backends.signals import connection_created
from django.utils import timezone

from game.services.live_channel import publish, send
from live import hub as live_hub
from tests.factories import UserFactory, moderator_of, running_game
from tests.live.streams import open_stream

pytestmark = pytest.mark.postgres_only


@pytest.fixture
def game_and_players(asgi_server):
    return running_game(4)


def test_an_event_reaches_an_open_stream_after_the_commit(asgi_server, game_and_players):
    game, players = game_and_players
    stream = open_stream(asgi_server, players[1].user, f"game-{game.pk}")
    assert stream.status == 200
    assert stream.response.getheader("Content-Type").startswith("text/event-stream")
    with transaction.atomic():
        publish(f"game-{game.pk}", "vote")
    frame = stream.read_frame()
    assert (frame.kind, frame.data) == ("vote", {"topic": f"game-{game.pk}", "kind": "vote"})
    assert frame.id is not None
    stream.close()


def test_a_rolled_back_write_sends_nothing(asgi_server, game_and_players):
    game, players = game_and_players
    stream = open_stream(asgi_server, players[1].user, f"game-{game.pk}")
    with contextlib.suppress(RuntimeError), transaction.atomic():
        publish(f"game-{game.pk}", "phase")
        raise RuntimeError("the write fails")
    with transaction.atomic():
        publish(f"game-{game.pk}", "vote")
    assert stream.read_frame().kind == "vote"
    stream.close()


def test_only_the_topics_asked_for_are_heard(asgi_server, game_and_players):
    game, players = game_and_players
    stream = open_stream(asgi_server, players[1].user, f"user-{players[1].user.pk}")
    with transaction.atomic():
        publish(f"game-{game.pk}", "vote")
        publish(f"user-{players[2].user.pk}", "bell")
        publish(f"user-{players[1].user.pk}", "bell")
    frame = stream.read_frame()
    assert frame.data == {"topic": f"user-{players[1].user.pk}", "kind": "bell"}
    stream.close()


@pytest.mark.parametrize(
    "who, topics",
    [
        ("stranger", "game-{game}"),
        ("nobody", "game-{game}"),
        ("townie", "queue-{game}"),
        ("townie", "game-{game},queue-{game}"),
        ("townie", "user-{other_user}"),
        ("townie", "game-999999"),
        ("townie", "thread-999999"),
        ("townie", "game-{game},bogus"),
        ("townie", ""),
    ],
)
def test_a_stream_the_viewer_may_not_read_is_refused_as_not_found(
    asgi_server, game_and_players, who, topics
):
    game, players = game_and_players
    user = {"stranger": UserFactory(), "nobody": None, "townie": players[1].user}[who]
    stream = open_stream(
        asgi_server, user, topics.format(game=game.pk, other_user=players[2].user.pk)
    )
    assert stream.status == 404
    stream.close()


def test_the_moderator_hears_the_queue(asgi_server, game_and_players):
    game, _ = game_and_players
    stream = open_stream(asgi_server, moderator_of(game), f"queue-{game.pk},game-{game.pk}")
    assert stream.status == 200
    with transaction.atomic():
        publish(f"queue-{game.pk}", "queue")
    assert stream.read_frame().data == {"topic": f"queue-{game.pk}", "kind": "queue"}
    stream.close()


def test_a_reconnect_with_last_event_id_gets_what_it_missed(asgi_server, game_and_players):
    game, players = game_and_players
    topic = f"game-{game.pk}"
    first = open_stream(asgi_server, players[1].user, topic)
    with transaction.atomic():
        publish(topic, "vote")
    seen = first.read_frame().id
    first.close()
    with transaction.atomic():
        publish(topic, "death")
        publish(f"game-{game.pk + 1}", "vote")
        publish(topic, "phase")
    again = open_stream(asgi_server, players[1].user, topic, last_event_id=seen)
    missed = [again.read_frame(), again.read_frame()]
    assert [frame.kind for frame in missed] == ["death", "phase"]
    assert [int(seen) + 1, int(seen) + 2] == [int(frame.id) for frame in missed]
    again.close()


def test_a_reconnect_older_than_what_is_kept_is_told_it_is_stale(
    asgi_server, game_and_players, live_redis
):
    game, players = game_and_players
    topic = f"game-{game.pk}"
    with transaction.atomic():
        publish(topic, "vote")
        publish(topic, "vote")
    from game.services.live_redis import keys_for
    from tests.live.conftest import LIVE_TEST_REDIS_URL

    live_redis.rpop(keys_for(LIVE_TEST_REDIS_URL).recent(topic))  # no longer kept
    stream = open_stream(asgi_server, players[1].user, topic, last_event_id="0")
    assert stream.read_frame().data == {"topic": topic, "kind": "stale"}
    stream.close()


def test_an_idle_stream_makes_no_database_query(asgi_server, game_and_players, monkeypatch):
    game, players = game_and_players
    monkeypatch.setattr(live_hub, "HEARTBEAT_SECONDS", 0.2)
    queries: list[str] = []

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    def watch(sender, connection, **kwargs):
        connection.execute_wrappers.append(count)

    stream = open_stream(asgi_server, players[1].user, f"game-{game.pk}")
    with transaction.atomic():
        publish(f"game-{game.pk}", "vote")
    stream.read_frame()
    connection_created.connect(watch)
    try:
        queries.clear()
        with transaction.atomic():
            publish(f"game-{game.pk}", "vote")
        assert stream.read_frame().kind == "vote"
        heartbeats = [line for line in stream.read_heartbeats(2) if line.startswith(":")]
        assert len(heartbeats) == 2
    finally:
        connection_created.disconnect(watch)
    assert queries == []
    stream.close()


def test_a_death_ends_a_thread_stream_so_that_its_reconnect_is_checked_again(asgi_server):
    """A dead mafioso loses the Mafia Den (R51): their open stream of it ends at the death, and
    the reconnect is refused."""
    from forums.models import BoardKind
    from forums.services.boards import thread_create
    from tests.forums.helpers import kill
    from tests.game.kills_setup import town

    t = town()
    den = thread_create(
        game_id=t.game.pk,
        board_kind=BoardKind.MAFIA_DEN,
        by=t.mod,
        title="Plans",
        body="Quiet.",
        now=timezone.now(),
    )
    stream = open_stream(asgi_server, t.mafia.user, f"thread-{den.pk}")
    assert stream.status == 200
    kill(t.mafia)
    with pytest.raises(EOFError):
        stream.read_frame()
    assert open_stream(asgi_server, t.mafia.user, f"thread-{den.pk}").status == 404


def test_a_channel_that_is_down_costs_the_write_nothing(settings, db):
    """What runs after a commit: it logs and returns, and the committed write stands."""
    from tests.live.test_outage import DOWN

    settings.LIVE_REDIS_URL = DOWN
    settings.LIVE_CHANNEL = "redis"
    assert send([("game-1", "vote")]) is None
