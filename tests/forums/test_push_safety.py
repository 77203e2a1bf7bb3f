"""Web Push reaches only known push services, stops at logout, survives a bad subscription and
cannot be taken over. Addresses are checked as values: the resolver is replaced, and no test
lets the app open a connection anywhere (the one sending path is given a fake push service)."""

import pytest
from django.contrib.auth import user_logged_out
from django.test import RequestFactory
from django.urls import reverse

from forums.models import Notification, PushSubscription
from forums.services import push, push_targets
from forums.services.push import push_messages_send, push_subscribe
from forums.tasks import push_notifications_send
from game.errors import GameRuleError
from tests.conftest import client_for
from tests.factories import START, UserFactory, running_game
from tests.forums.push_keys import b64url, browser_keys
from tests.forums.test_push import ENDPOINT, FakePushService, vapid  # noqa: F401

pytestmark = pytest.mark.django_db
PUBLIC = "142.250.74.10"  # never reached: requests.post is the fake below


@pytest.fixture
def resolver(monkeypatch):
    """What the push service's host resolves to, as values; no lookup leaves the process."""
    answers = {"push.example.test": [PUBLIC]}
    monkeypatch.setattr(push_targets, "resolved_addresses", lambda host: answers.get(host, []))
    return answers


@pytest.fixture
def service(monkeypatch, resolver):
    fake = FakePushService()
    calls = []

    def post(url, data=None, headers=None, timeout=None, **options):
        calls.append(options)
        return fake(url, data=data, headers=headers, timeout=timeout)

    monkeypatch.setattr(push.requests, "post", post)
    fake.options = calls
    return fake


def subscribe(user, endpoint=ENDPOINT, keys=None):
    keys = keys or browser_keys()
    return push_subscribe(
        user=user, endpoint=endpoint, p256dh=keys.p256dh, auth=keys.auth, now=START
    )


def notification_for(user) -> Notification:
    game, players = running_game(4)
    players[1].user = user
    players[1].save(update_fields=["user"])
    game.refresh_from_db()
    from game.services.deadlines import process_due_events

    process_due_events(now=game.due_events.get(kind="vote_reminder").due_at)
    return Notification.objects.filter(user=user).latest("pk")


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://localhost:6379/",
        "https://127.0.0.1/x",
        "https://[::1]/x",
        "https://10.0.0.5/x",
        "https://169.254.169.254/latest/meta-data/",
        "https://internal.example.com/x",
        "https://push.example.test.evil.example/x",
        "https://push.example.test:6379/x",
        "https://user@push.example.test/x",
    ],
)
def test_only_the_known_push_services_are_accepted(vapid, resolver, endpoint):  # noqa: F811
    with pytest.raises(GameRuleError, match="push service"):
        subscribe(UserFactory(), endpoint=endpoint)
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    ("address", "public"),
    [
        ("127.0.0.1", False),
        ("::1", False),
        ("10.1.2.3", False),
        ("172.16.0.1", False),
        ("192.168.1.1", False),
        ("169.254.169.254", False),
        ("fe80::1", False),
        ("fc00::1", False),
        ("0.0.0.0", False),  # noqa: S104 (an address as a value)
        ("::ffff:127.0.0.1", False),
        ("100.64.0.1", False),
        ("224.0.0.1", False),
        ("142.250.74.10", True),
        ("2a00:1450:4001:80b::200a", True),
    ],
)
def test_loopback_private_and_link_local_addresses_are_refused(address, public):
    assert push_targets.address_is_public(address) is public


def test_a_known_host_resolving_to_a_private_address_is_not_sent_to(vapid, service, resolver):  # noqa: F811
    user = UserFactory()
    subscribe(user)
    notification = notification_for(user)
    service.sent.clear()
    resolver["push.example.test"] = ["127.0.0.1"]
    assert push_messages_send(notification_id=notification.pk, now=START) == 0
    assert service.sent == []
    resolver["push.example.test"] = [PUBLIC]
    assert push_messages_send(notification_id=notification.pk, now=START) == 1


def test_a_push_does_not_follow_redirects(vapid, service):  # noqa: F811
    user = UserFactory()
    subscribe(user)
    push_messages_send(notification_id=notification_for(user).pk, now=START)
    assert service.options and all(o.get("allow_redirects") is False for o in service.options)


def test_a_key_that_is_not_a_p256_point_is_refused(vapid, resolver):  # noqa: F811
    keys = browser_keys()
    with pytest.raises(GameRuleError, match="p256dh"):
        push_subscribe(
            user=UserFactory(),
            endpoint=ENDPOINT,
            p256dh=b64url(b"\x04" + b"\x01" * 64),
            auth=keys.auth,
            now=START,
        )
    assert not PushSubscription.objects.exists()


def test_one_broken_subscription_does_not_silence_the_others(vapid, service):  # noqa: F811
    user, other = UserFactory(), UserFactory()
    subscribe(user)
    subscribe(user, endpoint=ENDPOINT + "/second")
    subscribe(other, endpoint=ENDPOINT + "/other")
    PushSubscription.objects.filter(endpoint=ENDPOINT).update(p256dh=b64url(b"\x04" + b"\x01" * 64))
    mine, theirs = notification_for(user), notification_for(other)
    service.sent.clear()
    assert push_notifications_send([mine.pk, theirs.pk]) == 2
    assert {s["url"] for s in service.sent} == {ENDPOINT + "/second", ENDPOINT + "/other"}


def test_someone_elses_endpoint_cannot_be_taken_over(vapid, resolver):  # noqa: F811
    owner, thief = UserFactory(), UserFactory()
    subscribe(owner)
    with pytest.raises(GameRuleError):
        subscribe(thief)
    assert PushSubscription.objects.get().user == owner
    answer = client_for(owner).post(
        "/api/v1/forums/push/subscriptions/delete",
        {"endpoint": ENDPOINT},
        content_type="application/json",
    )
    assert answer.status_code == 200 and not PushSubscription.objects.exists()


def test_logging_out_drops_the_subscription_this_browser_made(vapid, resolver):  # noqa: F811
    user = UserFactory()
    keys = browser_keys()
    browser, phone = client_for(user), client_for(user)
    for client, endpoint in ((browser, ENDPOINT), (phone, ENDPOINT + "/phone")):
        made = client.post(
            "/api/v1/forums/push/subscriptions",
            {"endpoint": endpoint, "keys": {"p256dh": keys.p256dh, "auth": keys.auth}},
            content_type="application/json",
        )
        assert made.status_code == 201
    browser.post(reverse("account_logout"))
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [
        ENDPOINT + "/phone"
    ]


def test_a_logout_signal_without_a_session_changes_nothing(vapid, resolver):  # noqa: F811
    user = UserFactory()
    subscribe(user)
    request = RequestFactory().post("/accounts/logout/")
    user_logged_out.send(sender=type(user), request=request, user=user)
    assert PushSubscription.objects.count() == 1
