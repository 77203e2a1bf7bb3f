"""Numbers that tell nothing (R50, R51): each topic numbers its own events, so a townie's stream
ids move only with what the townie hears; a page's first stream replays what happened since the
page was rendered; a user has at most 8 streams; closed streams give back their connections."""

from __future__ import annotations

import time

import pytest
from django.db import transaction
from django.utils import timezone

from forums.models import BoardKind
from forums.services.boards import thread_create
from forums.services.posts import post_create
from game.services.live_channel import publish
from game.services.mafia_powers.mafia import mafia_poison
from live.admission import STREAMS_PER_USER
from live.server import TOO_MANY
from live.sources import POOL_CONNECTIONS
from tests.game.kills_setup import town
from tests.live.streams import WAIT_SECONDS, open_stream, session_cookie
from tests.live.test_access import ends
from tests.live.test_publishers import report_kill

pytestmark = pytest.mark.postgres_only


def threads(t):
    return [
        thread_create(
            game_id=t.game.pk, board_kind=kind, by=t.mod, title="t", body="b", now=timezone.now()
        )
        for kind in (BoardKind.TOWN_SQUARE, BoardKind.MAFIA_DEN)
    ]


def test_a_townies_ids_are_unchanged_by_the_den_the_queue_and_private_notices(asgi_server):
    t = town()
    square, den = threads(t)
    townie = t.townies[1]
    topics = f"game-{t.game.pk},thread-{square.pk},user-{townie.user.pk}"
    stream = open_stream(asgi_server, townie.user, topics)
    post_create(thread_id=square.pk, by=t.townies[2].user, body="one", now=timezone.now())
    before = stream.read_frame()
    for n in range(5):
        post_create(thread_id=den.pk, by=t.mafia.user, body=f"den {n}", now=timezone.now())
    mafia_poison(game_id=t.game.pk, by=t.mafia.user, victim_id=t.townies[2].pk, now=t.at(20))
    report_kill(t, t.mafia2, t.townies[3], 30)  # the queue and the victim's bell
    post_create(thread_id=square.pk, by=t.townies[2].user, body="two", now=timezone.now())
    after = stream.read_frame()
    assert (before.kind, after.kind) == ("post", "post")
    # The stream's topics in order: game, thread, user. Only the thread's number moved, by one.
    game_before, thread_before, user_before = map(int, before.id.split("."))
    assert after.id == f"{game_before}.{thread_before + 1}.{user_before}"


def test_a_pages_first_stream_replays_what_happened_since_the_page_was_rendered(asgi_server):
    t = town()
    square, _ = threads(t)
    rendered_at = int(time.time() * 1000) - 1000
    post_create(thread_id=square.pk, by=t.townies[2].user, body="between", now=timezone.now())
    stream = open_stream(
        asgi_server, t.townies[1].user, f"thread-{square.pk}", since=rendered_at, page="p1"
    )
    assert stream.read_frame().kind == "post"
    fresh = open_stream(asgi_server, t.townies[1].user, f"thread-{square.pk}", page="p2")
    with transaction.atomic():
        publish(f"thread-{square.pk}", "marker")
    assert fresh.read_frame().kind == "marker"  # without `since`, nothing old is replayed


def test_a_ninth_page_closes_the_oldest_whose_return_is_refused_with_429(asgi_server):
    t = town()
    user = t.townies[1].user
    cookie = session_cookie(user)
    topic = f"game-{t.game.pk}"
    streams = [
        open_stream(asgi_server, user, topic, page=f"page{n}", cookie=cookie)
        for n in range(STREAMS_PER_USER)
    ]
    assert {s.status for s in streams} == {200}
    newest = open_stream(asgi_server, user, topic, page="page8", cookie=cookie)
    assert newest.status == 200
    assert streams[0].read_frame().kind == "closed"
    assert ends(streams[0])
    back = open_stream(asgi_server, user, topic, page="page0", cookie=cookie)
    assert back.status == 429
    assert back.response.read().decode() == TOO_MANY
    with transaction.atomic():
        publish(topic, "vote")
    assert all(s.read_frame().kind == "vote" for s in [*streams[1:], newest])


def test_a_hundred_closed_streams_give_back_their_redis_connections(asgi_server, live_redis):
    t = town()
    users = [p.user for p in t.townies[:10]]
    cookies = {u.pk: session_cookie(u) for u in users}

    db = live_redis.connection_pool.connection_kwargs.get("db", 0)

    def clients() -> int:
        """Connections to the tests' own database (other test workers use others)."""
        return sum(int(c["db"]) == db for c in live_redis.client_list())

    def open_and_close(rounds: int, prefix: str) -> int:
        """Opens `rounds` streams per user, closes them all at once; the clients while they were
        open (a user's ninth stream closes the user's first)."""
        streams = [
            open_stream(
                asgi_server, u, f"game-{t.game.pk}", page=f"{prefix}{n}", cookie=cookies[u.pk]
            )
            for n in range(rounds)
            for u in users
        ]
        assert {s.status for s in streams} == {200}
        during = clients()
        for stream in streams:
            stream.close()
        return during

    def released() -> bool:
        """The server has seen every stream closed: each user's registry of open pages is empty."""
        return not any(live_redis.hlen(f"live:conns:{u.pk}") for u in users)

    # The server process's connections are its subscription and its pool, however many streams
    # it serves; how far the pool grows depends on how many streams start or end at once.
    ceiling = clients() + 1 + POOL_CONNECTIONS
    open_streams = STREAMS_PER_USER * len(users)
    assert open_streams > 1 + POOL_CONNECTIONS  # a connection per stream would cross the ceiling
    during = open_and_close(10, "s")
    until(released)
    assert during <= ceiling
    assert clients() <= ceiling


def until(condition, seconds: float = WAIT_SECONDS) -> None:
    """Polls `condition` until it holds: only a failing test waits the whole time."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
