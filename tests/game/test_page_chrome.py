"""What every page carries: a plain-text title, a meta description, landmarks that are labelled,
and live regions where content arrives by itself."""

import html
import re

import pytest
from django.test import Client

from tests.conftest import client_for
from tests.site_pages import build_world, visits

pytestmark = pytest.mark.django_db

TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def every_page(world):
    for user, paths in visits(world):
        yield (Client() if user is None else client_for(user)), paths


def test_every_page_has_a_plain_text_title_and_a_description():
    world = build_world()
    checked = 0
    for client, paths in every_page(world):
        for path in paths:
            page = client.get(path)
            assert page.status_code == 200, path
            body = page.content.decode()
            (title,) = TITLE.findall(body)
            text = " ".join(html.unescape(title).split())
            assert "<" not in text and "csrf" not in text.lower(), (path, title)
            assert 0 < len(text) <= 80, (path, title)
            assert '<meta name="description" content="' in body, path
            assert body.count("<main") == 1 and 'class="skip-link" href="#main"' in body, path
            assert all('aria-label="' in nav for nav in re.findall(r"<nav[^>]*>", body)), path
            assert "<th></th>" not in body, path
            checked += 1
    assert checked == sum(len(paths) for _, paths in every_page(world))


def test_polled_posts_and_the_bell_count_arrive_in_live_regions():
    world = build_world()
    client = client_for(world.investigator)
    thread = client.get(f"/forums/threads/{world.thread_id}/").content.decode()
    assert '<div id="posts" aria-live="polite" aria-relevant="additions">' in thread
    assert '<span id="bell-count" aria-live="polite"' in thread


def test_the_queue_table_has_a_caption_headers_and_says_where_the_parties_differ_in_words():
    world = build_world()
    queue = client_for(world.moderator).get(f"/games/{world.game.pk}/mod/queue/").content.decode()
    assert "<caption>What each party reported</caption>" in queue
    assert "<th></th>" not in queue
    assert '<strong class="differs">(differs)</strong>' in queue
    assert '<label for="tazed-player">Tazed player</label>' in queue
    assert '<label for="desperado-player">Desperado</label>' in queue
