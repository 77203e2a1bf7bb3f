"""Web Push: subscriptions, and messages built from what waits for a player (R50), encrypted for
the browser and signed with the server's VAPID key; sent only when keys and subscriptions exist.
No test reaches the network: the one sending path is given a fake push service."""

import base64
import json

import http_ece
import pytest
from django.urls import reverse
from py_vapid import Vapid02

from forums.models import Notification, PushSubscription
from forums.services import push, push_targets
from forums.services.push import push_request, push_requests_for, push_subscribe
from game.errors import GameRuleError
from game.services.deadlines import process_due_events
from tests.conftest import client_for
from tests.factories import START, UserFactory, running_game
from tests.forums.push_keys import browser_keys, vapid_pair

pytestmark = pytest.mark.django_db
ENDPOINT = "https://push.example.test/send/abc123"


@pytest.fixture
def vapid(settings):
    pair = vapid_pair()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = pair.private
    settings.WEBPUSH_VAPID_PUBLIC_KEY = pair.public
    settings.WEBPUSH_VAPID_SUBJECT = "mailto:mods@example.test"
    return pair


class FakePushService:
    """Stands where `requests.post` would reach a push service; records what it was sent."""

    def __init__(self, status: int = 201):
        self.status = status
        self.sent: list[dict] = []

    def __call__(self, url, data=None, headers=None, timeout=None, allow_redirects=True):
        self.sent.append({"url": url, "body": data, "headers": headers})
        return type("Response", (), {"status_code": self.status, "ok": self.status < 400})()


@pytest.fixture
def push_service(monkeypatch):
    service = FakePushService()
    monkeypatch.setattr(push.requests, "post", service)
    # The push service's name resolves to a public address given as a value: no lookup leaves
    # the process.
    monkeypatch.setattr(push_targets, "resolved_addresses", lambda host: ["142.250.74.10"])
    return service


def subscribe(user, keys, endpoint=ENDPOINT):
    return push_subscribe(
        user=user, endpoint=endpoint, p256dh=keys.p256dh, auth=keys.auth, now=START
    )


def test_a_message_is_encrypted_for_the_browser_and_signed_with_the_servers_key(vapid):
    keys = browser_keys()
    subscription = subscribe(UserFactory(), keys)
    payload = {"title": "Test game: Reminder to vote", "body": "Vote!", "url": "/games/1/vote/"}
    request = push_request(subscription, payload, now=START)
    assert request.endpoint == ENDPOINT
    assert request.headers["Content-Encoding"] == "aes128gcm"
    assert Vapid02.verify(request.headers["Authorization"])
    assert f"k={vapid.public}" in request.headers["Authorization"]
    token = request.headers["Authorization"].split("t=")[1].split(",")[0]
    body = token.split(".")[1]
    decoded = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    assert decoded["aud"] == "https://push.example.test"
    assert decoded["sub"] == "mailto:mods@example.test"
    plain = http_ece.decrypt(
        request.body,
        private_key=keys.private_key,
        auth_secret=keys.auth_secret,
        version="aes128gcm",
    )
    assert json.loads(plain) == payload


def test_what_waits_for_a_player_is_pushed_to_their_browsers_only(
    vapid, push_service, django_capture_on_commit_callbacks
):
    game, players = running_game(4)
    subscribe(players[1].user, browser_keys())
    game.refresh_from_db()
    due = game.due_events.get(kind="vote_reminder").due_at
    with django_capture_on_commit_callbacks(execute=True):
        process_due_events(now=due)
    assert [s["url"] for s in push_service.sent] == [ENDPOINT]
    assert PushSubscription.objects.get().last_pushed_at is not None


def test_a_subscription_the_push_service_says_is_gone_is_forgotten(
    vapid, push_service, django_capture_on_commit_callbacks
):
    push_service.status = 410
    game, players = running_game(4)
    subscribe(players[1].user, browser_keys())
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        process_due_events(now=game.due_events.get(kind="vote_reminder").due_at)
    assert not PushSubscription.objects.exists()


def test_without_keys_nothing_is_built_or_sent(settings, monkeypatch):
    def no_network(*args, **kwargs):
        raise AssertionError("push must not reach the network")

    monkeypatch.setattr(push.requests, "post", no_network)
    game, players = running_game(4)
    PushSubscription.objects.create(
        user=players[1].user, endpoint=ENDPOINT, p256dh="x", auth="y", created_at=START
    )
    game.refresh_from_db()
    process_due_events(now=game.due_events.get(kind="vote_reminder").due_at)
    notification = Notification.objects.filter(user=players[1].user, kind="vote_reminder").get()
    assert push_requests_for(notification, now=START) == []
    with pytest.raises(GameRuleError, match="not set up"):
        subscribe(players[2].user, browser_keys(), endpoint=ENDPOINT + "2")


@pytest.mark.parametrize(
    ("endpoint", "p256dh", "auth", "message"),
    [
        ("http://push.example.test/x", None, None, "https"),
        (ENDPOINT, "bm90IGEga2V5", None, "p256dh"),
        (ENDPOINT, None, "%%%", "auth"),
    ],
)
def test_a_malformed_subscription_is_refused_with_a_message(vapid, endpoint, p256dh, auth, message):
    keys = browser_keys()
    with pytest.raises(GameRuleError, match=message):
        push_subscribe(
            user=UserFactory(),
            endpoint=endpoint,
            p256dh=p256dh or keys.p256dh,
            auth=auth or keys.auth,
            now=START,
        )
    assert not PushSubscription.objects.exists()


def test_the_api_subscribes_and_unsubscribes_a_browser(vapid):
    user = UserFactory()
    keys = browser_keys()
    client = client_for(user)
    created = client.post(
        "/api/v1/forums/push/subscriptions",
        {"endpoint": ENDPOINT, "keys": {"p256dh": keys.p256dh, "auth": keys.auth}},
        content_type="application/json",
    )
    assert created.status_code == 201
    assert PushSubscription.objects.get().user == user
    refused = client.post(
        "/api/v1/forums/push/subscriptions",
        {"endpoint": "ftp://x", "keys": {}},
        content_type="application/json",
    )
    assert refused.status_code == 400
    other = client_for(UserFactory()).post(
        "/api/v1/forums/push/subscriptions/delete",
        {"endpoint": ENDPOINT},
        content_type="application/json",
    )
    assert other.status_code == 200 and PushSubscription.objects.exists()
    client.post(
        "/api/v1/forums/push/subscriptions/delete",
        {"endpoint": ENDPOINT},
        content_type="application/json",
    )
    assert not PushSubscription.objects.exists()


def test_the_manifest_and_the_service_worker_are_served_from_the_root(client):
    manifest = client.get(reverse("manifest"))
    assert manifest["Content-Type"] == "application/manifest+json"
    data = json.loads(manifest.content)
    assert data["display"] == "standalone" and data["start_url"] == "/"
    assert {i["sizes"] for i in data["icons"]} >= {"192x192", "512x512"}
    worker = client.get(reverse("service_worker"))
    assert worker["Content-Type"].startswith("text/javascript")
    assert 'addEventListener("push"' in worker.content.decode()
    assert "worker-src 'self'" in worker["Content-Security-Policy"]


def test_the_push_panel_is_offered_only_when_the_server_has_keys(settings):
    user = UserFactory()
    page = client_for(user).get(reverse("forums:notification_list")).content.decode()
    assert "push-panel" not in page
    settings.WEBPUSH_VAPID_PRIVATE_KEY, settings.WEBPUSH_VAPID_PUBLIC_KEY = "a", "b"
    page = client_for(user).get(reverse("forums:notification_list")).content.decode()
    assert 'data-vapid-key="b"' in page.split('<main id="main"', 1)[1]
    assert "<title>Notifications · mafia-mod</title>" in page
