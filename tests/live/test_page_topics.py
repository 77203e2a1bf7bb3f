"""Which stream a page opens: only topics its viewer may read, the same query count with the
channel on as off, and the old polling when there is no channel."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from forums.models import BoardKind
from forums.services.boards import thread_create
from tests.conftest import client_for
from tests.game.kills_setup import town
from tests.live.conftest import LIVE_TEST_REDIS_URL


def page(user, url: str) -> tuple[str, int]:
    client = client_for(user)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


@pytest.fixture
def square(db):
    t = town()
    thread = thread_create(
        game_id=t.game.pk,
        board_kind=BoardKind.TOWN_SQUARE,
        by=t.mod,
        title="Talk",
        body="Here.",
        now=timezone.now(),
    )
    return t, thread


def test_a_thread_page_opens_its_stream_at_no_extra_query(square, settings):
    t, thread = square
    url = f"/forums/threads/{thread.pk}/"
    page(t.townies[0].user, url)  # warm the caches both runs share
    settings.LIVE_CHANNEL = ""
    off, queries_off = page(t.townies[0].user, url)
    settings.LIVE_CHANNEL = "redis"
    settings.LIVE_REDIS_URL = LIVE_TEST_REDIS_URL
    on, queries_on = page(t.townies[0].user, url)
    assert queries_on == queries_off
    assert "sse-connect" not in off and 'hx-trigger="every 10s"' in off
    topics = f"user-{t.townies[0].user.pk},game-{t.game.pk},thread-{thread.pk}"
    assert f'sse-connect="/live/stream?topics={topics}&amp;page=' in on
    assert 'hx-trigger="sse:post, livepoll"' in on


def test_only_the_moderator_s_page_hears_the_queue(square, settings):
    t, _ = square
    settings.LIVE_CHANNEL = "redis"
    settings.LIVE_REDIS_URL = LIVE_TEST_REDIS_URL
    townie, _ = page(t.townies[0].user, f"/games/{t.game.pk}/")
    moderator, _ = page(t.mod, f"/games/{t.game.pk}/")
    assert f"queue-{t.game.pk}" not in townie and f"game-{t.game.pk}" in townie
    assert f"queue-{t.game.pk}" in moderator and 'hx-trigger="sse:queue, livepoll"' in moderator
