"""A Redis outage (cache, sessions, live channel) never turns a committed write into an error:
the post is stored once and its author is answered as for any post; pages answer as usual."""

from __future__ import annotations

import os

import pytest
from django.utils import timezone

from forums.models import BoardKind, Post
from forums.services.boards import thread_create
from mafia_mod.settings.base import redis_cache
from tests.conftest import client_for
from tests.game.kills_setup import town

# A port of the tests' own range where nothing listens: Redis is down.
DOWN = f"redis://127.0.0.1:{os.environ.get('LIVE_TEST_DOWN_PORT', '8148')}/0"


@pytest.fixture
def redis_down(settings):
    settings.CACHES = {"default": redis_cache(DOWN)}
    settings.LIVE_REDIS_URL = DOWN


def square_thread(t):
    return thread_create(
        game_id=t.game.pk,
        board_kind=BoardKind.TOWN_SQUARE,
        by=t.mod,
        title="Talk",
        body="Here.",
        now=timezone.now(),
    )


def test_a_post_during_a_redis_outage_is_stored_once_and_answered_as_stored(
    transactional_db, redis_down
):
    t = town()
    thread = square_thread(t)
    client = client_for(t.townies[0].user)
    response = client.post(f"/forums/threads/{thread.pk}/", {"body": "Stored while Redis sleeps."})
    assert response.status_code == 302
    assert Post.objects.filter(thread=thread, body="Stored while Redis sleeps.").count() == 1
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert "Stored while Redis sleeps." in page.content.decode()
    assert "Posted." in page.content.decode()


def test_the_api_and_the_polls_answer_as_usual_during_a_redis_outage(transactional_db, redis_down):
    t = town()
    thread = square_thread(t)
    client = client_for(t.townies[1].user)
    created = client.post(
        f"/api/v1/forums/threads/{thread.pk}/posts",
        {"body": "By the API."},
        content_type="application/json",
    )
    assert created.status_code == 201
    assert Post.objects.filter(thread=thread, body="By the API.").count() == 1
    assert client.get(f"/games/{t.game.pk}/").status_code == 200
    # Without the cache's counters no poll is answered "nothing new": it reads the thread.
    page = client.get(f"/forums/threads/{thread.pk}/").content.decode()
    assert "ticket=" in page
