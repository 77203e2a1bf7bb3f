"""The forum's page actions through the API: pinning, deleting a post, the Mafia Den, the
notifications' read-all and email setting."""

import json

import pytest

from forums.models import DenMembership, Notification, NotificationSetting, Post, Thread
from forums.services import message_send, thread_create
from tests.conftest import client_for
from tests.forums.helpers import LATER
from tests.game.kills_setup import town

pytestmark = pytest.mark.django_db


def send(client, method, url, data):
    return getattr(client, method)(url, json.dumps(data), content_type="application/json")


def _thread(t) -> Thread:
    return thread_create(
        game_id=t.game.pk, board_kind="town_square", by=t.townies[0].user, title="Votes",
        body="Vote p-2", now=LATER,
    )  # fmt: skip


def test_the_moderators_pin_a_thread_and_players_may_not():
    t = town()
    thread = _thread(t)
    url = f"/api/v1/forums/threads/{thread.pk}/pin"
    refused = send(client_for(t.townies[0].user), "post", url, {"pinned": True})
    assert (
        refused.status_code == 403
        and refused.json()["detail"] == "Only the moderators pin threads."
    )
    response = send(client_for(t.mod), "post", url, {"pinned": True})
    assert response.status_code == 200
    thread.refresh_from_db()
    assert thread.pinned


def test_the_moderators_delete_a_post_with_a_reason_and_players_see_only_that():
    t = town()
    thread = _thread(t)
    post = Post.objects.get(thread=thread)
    url = f"/api/v1/forums/posts/{post.pk}/delete"
    refused = send(client_for(t.townies[0].user), "post", url, {"reason": "mine"})
    assert refused.status_code == 403
    blank = send(client_for(t.mod), "post", url, {"reason": "  "})
    assert blank.status_code == 400 and "reason" in blank.json()["detail"]
    response = send(client_for(t.mod), "post", url, {"reason": "spoilers"})
    assert response.status_code == 200 and response.json()["deleted"]
    post.refresh_from_db()
    assert post.delete_reason == "spoilers"
    listed = client_for(t.townies[1].user).get(f"/api/v1/forums/threads/{thread.pk}/posts")
    assert listed.json()["posts"][0]["body"] is None


def test_the_mafia_add_to_the_den_and_to_anyone_else_it_does_not_exist():
    t = town()
    url = f"/api/v1/games/{t.game.pk}/den/members"
    hidden = send(client_for(t.townies[0].user), "post", f"/api/v1/forums{url[7:]}", {})
    assert hidden.status_code in {404, 422}
    hidden = send(
        client_for(t.townies[0].user), "post", f"/api/v1/forums/games/{t.game.pk}/den/members",
        {"player_id": t.townies[1].pk},
    )  # fmt: skip
    assert hidden.status_code == 404
    assert not DenMembership.objects.exists()
    response = send(
        client_for(t.mafia.user), "post", f"/api/v1/forums/games/{t.game.pk}/den/members",
        {"player_id": t.townies[1].pk},
    )  # fmt: skip
    assert response.status_code == 201
    assert DenMembership.objects.get().player_id == t.townies[1].pk
    again = send(
        client_for(t.mafia.user), "post", f"/api/v1/forums/games/{t.game.pk}/den/members",
        {"player_id": t.townies[1].pk},
    )  # fmt: skip
    assert again.status_code == 400 and "can already read" in again.json()["detail"]


def test_a_player_reads_all_notifications_and_sets_email_through_the_api():
    t = town()
    user = t.townies[0].user
    message_send(
        game_id=t.game.pk, by=user, body="Meet me at 3", recipient_ids=[t.townies[1].pk], now=LATER
    )
    assert Notification.objects.filter(user=t.townies[1].user, read_at__isnull=True).exists()
    client = client_for(t.townies[1].user)
    response = send(client, "post", "/api/v1/forums/notifications/read", {})
    assert response.status_code == 200
    assert not Notification.objects.filter(user=t.townies[1].user, read_at__isnull=True).exists()
    setting = send(
        client_for(user), "put", "/api/v1/forums/notifications/settings", {"email": True}
    )
    assert setting.status_code == 200 and setting.json()["email"] is True
    assert NotificationSetting.objects.get(user=user).email
    for wrong in ("x", 0, "false"):
        refused = send(
            client_for(user), "put", "/api/v1/forums/notifications/settings", {"email": wrong}
        )
        assert refused.status_code == 422
    assert NotificationSetting.objects.get(user=user).email
    anonymous = send(client_for(user).__class__(), "post", "/api/v1/forums/notifications/read", {})
    assert anonymous.status_code == 401
