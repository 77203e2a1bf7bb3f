"""A thread poll that finds nothing new is answered from the cache with no database query; a
new post, a death, another session or an old ticket sends it down the full path."""

import datetime as dt
import html
import re

import pytest
import time_machine
from django.urls import reverse

from forums.services import post_create, thread_create
from tests.conftest import client_for
from tests.factories import running_game
from tests.forums.helpers import LATER, kill
from tests.forums.test_threads_and_posts import start_thread

pytestmark = pytest.mark.django_db


@pytest.fixture
def thread_and_players():
    game, players = running_game(6, mafia=2)
    return start_thread(game, players[2]), players


def poll_url(page) -> str:
    match = re.search(r'id="poll" hx-get="([^"]+)"', page.content.decode())
    assert match, "the page polls"
    return html.unescape(match.group(1))


def test_nothing_new_costs_no_query(thread_and_players, django_assert_num_queries):
    thread, players = thread_and_players
    reader = client_for(players[4].user)
    url = poll_url(reader.get(reverse("forums:thread_detail", args=[thread.pk])))
    assert "ticket=" in url
    with django_assert_num_queries(0):
        response = reader.get(url)
    assert response.status_code == 204
    assert response.content == b""


def test_a_new_post_is_found_and_the_answer_carries_a_new_ticket(
    thread_and_players, django_capture_on_commit_callbacks, django_assert_num_queries
):
    thread, players = thread_and_players
    reader = client_for(players[4].user)
    url = poll_url(reader.get(reverse("forums:thread_detail", args=[thread.pk])))
    with django_capture_on_commit_callbacks(execute=True):
        post_create(thread_id=thread.pk, by=players[3].user, body="fresh news", now=LATER)
    found = reader.get(url)
    assert found.status_code == 200
    assert "fresh news" in found.content.decode()
    next_url = poll_url(found)
    assert next_url != url
    with django_assert_num_queries(0):
        assert reader.get(next_url).status_code == 204


def test_another_session_or_a_changed_ticket_takes_the_full_path(thread_and_players):
    thread, players = thread_and_players
    url = poll_url(
        client_for(players[4].user).get(reverse("forums:thread_detail", args=[thread.pk]))
    )
    other_player = client_for(players[5].user).get(url)
    assert other_player.status_code == 200
    assert other_player.content.count(b'id="poll"') == 1
    assert client_for(running_game(3)[1][0].user).get(url).status_code == 404
    tampered = url.replace("ticket=", "ticket=x")
    assert client_for(players[4].user).get(tampered).status_code == 200
    wrong_after = re.sub(r"after=\d+", "after=0", url)
    assert client_for(players[4].user).get(wrong_after).status_code == 200


def test_a_death_voids_every_ticket(thread_and_players, django_capture_on_commit_callbacks):
    _, players = thread_and_players
    den = thread_create(
        game_id=players[0].game_id,
        board_kind="mafia_den",
        by=players[0].user,
        title="Tonight",
        body="who?",
        now=LATER,
    )
    mafia = client_for(players[1].user)
    url = poll_url(mafia.get(reverse("forums:thread_detail", args=[den.pk])))
    assert mafia.get(url).status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        kill(players[1])
    assert mafia.get(url).status_code == 404, "a dead mafia no longer hears the Den"


def test_a_ticket_lasts_ten_minutes(thread_and_players):
    thread, players = thread_and_players
    reader = client_for(players[4].user)
    url = poll_url(reader.get(reverse("forums:thread_detail", args=[thread.pk])))
    with time_machine.travel(dt.datetime.now(dt.UTC) + dt.timedelta(minutes=11)):
        assert reader.get(url).status_code == 200
