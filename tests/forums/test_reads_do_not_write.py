"""Reading never writes: opening a notification or a thread by GET changes nothing, so that
prefetchers, link previews and crawlers move no read marker; the page's POSTs (htmx, or a plain
form) and the API's operations do."""

import json

import pytest
from django.urls import reverse

from forums.models import Notification, ReadMarker
from forums.selectors.notifications import notification_items
from forums.services import message_send, post_create, thread_create
from tests.conftest import client_for
from tests.factories import running_game
from tests.forums.helpers import LATER

pytestmark = pytest.mark.django_db


@pytest.fixture
def game_and_players():
    return running_game(6, mafia=2)


def a_notification(game, players) -> Notification:
    message_send(
        game_id=game.pk, by=players[1].user, recipient_ids=[players[2].pk], body="psst", now=LATER
    )
    return notification_items(players[2].user)[0].notification


def a_thread(game, players):
    thread = thread_create(
        game_id=game.pk, board_kind="town_square", by=players[1].user, title="T", body="one",
        now=LATER,
    )  # fmt: skip
    post_create(thread_id=thread.pk, by=players[3].user, body="two", now=LATER)
    return thread


def test_getting_a_notification_leaves_it_unread(game_and_players):
    game, players = game_and_players
    notification = a_notification(game, players)
    client = client_for(players[2].user)

    response = client.get(reverse("forums:notification_open", args=[notification.pk]))

    assert response.status_code == 302
    notification.refresh_from_db()
    assert notification.read_at is None


def test_opening_a_notification_by_post_marks_it_read_and_goes_there(game_and_players):
    game, players = game_and_players
    notification = a_notification(game, players)
    client = client_for(players[2].user)

    response = client.post(reverse("forums:notification_open", args=[notification.pk]))

    assert response.status_code == 302 and "/messages/" in response["Location"]
    notification.refresh_from_db()
    assert notification.read_at is not None


def test_the_notification_list_opens_each_by_post(game_and_players):
    game, players = game_and_players
    notification = a_notification(game, players)
    page = client_for(players[2].user).get(reverse("forums:notification_list")).content.decode()
    action = reverse("forums:notification_open", args=[notification.pk])
    assert f'method="post" action="{action}"' in page


def test_getting_a_thread_or_its_poll_moves_no_read_marker(game_and_players):
    game, players = game_and_players
    thread = a_thread(game, players)
    client = client_for(players[2].user)

    page = client.get(reverse("forums:thread_detail", args=[thread.pk]))
    client.get(reverse("forums:thread_poll", args=[thread.pk]), {"after": 0})

    assert page.status_code == 200
    assert not ReadMarker.objects.filter(user=players[2].user).exists()
    assert reverse("forums:thread_read", args=[thread.pk]) in page.content.decode()


def test_the_thread_page_posts_its_read_marker(game_and_players):
    game, players = game_and_players
    thread = a_thread(game, players)
    last = thread.posts.order_by("pk").last()
    client = client_for(players[2].user)

    response = client.post(
        reverse("forums:thread_read", args=[thread.pk]), {"last_post_id": last.pk}
    )

    assert response.status_code in (204, 302)
    assert ReadMarker.objects.get(user=players[2].user, thread=thread).last_read_post_id == last.pk


def test_a_read_marker_names_a_post_of_its_thread(game_and_players):
    game, players = game_and_players
    thread = a_thread(game, players)
    other = a_thread(game, players)
    client = client_for(players[2].user)
    response = client.post(
        reverse("forums:thread_read", args=[thread.pk]),
        {"last_post_id": other.posts.order_by("pk").last().pk},
    )
    assert response.status_code in (400, 404, 422)
    assert not ReadMarker.objects.filter(user=players[2].user).exists()


def test_the_api_marks_threads_and_notifications_read(game_and_players):
    game, players = game_and_players
    notification = a_notification(game, players)
    thread = a_thread(game, players)
    last = thread.posts.order_by("pk").last()
    client = client_for(players[2].user)

    opened = client.post(f"/api/v1/forums/notifications/{notification.pk}/read")
    marked = client.post(
        f"/api/v1/forums/threads/{thread.pk}/read",
        json.dumps({"last_post_id": last.pk}),
        content_type="application/json",
    )

    assert opened.status_code == 200 and marked.status_code == 200
    notification.refresh_from_db()
    assert notification.read_at is not None
    assert ReadMarker.objects.get(user=players[2].user, thread=thread).last_read_post_id == last.pk
