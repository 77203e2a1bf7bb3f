"""Notifications for what waits on someone: each kind rings the right bell, with a text its
recipient may read and a link to where they act (R50); by email for those who opt in, by push
to subscribed browsers, and no push after logout. No test lets the app connect anywhere: the
one sending path is a fake push service, names resolve to values."""

import pytest
from django.core import mail
from django.urls import reverse

from forums.models import Notification, NotificationKind, NotificationSetting
from forums.notification_texts import notification_item
from forums.services.notifications import notifications_mark_read
from game.services.items_offices.item_transfers import item_transfer_offer
from tests.conftest import client_for
from tests.factories import make_game, sign_up, start_game
from tests.forums.push_keys import browser_keys
from tests.forums.test_push import ENDPOINT, vapid  # noqa: F401
from tests.forums.test_push_safety import resolver, service  # noqa: F401
from tests.game.helpers import a_minute_passes
from tests.game.investigation_steps import ask, visit
from tests.game.kills_setup import confirmed_kill, reported_kill, town
from tests.game.test_item_transfers import taser_for

pytestmark = pytest.mark.django_db


def notices(user, kind) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind=kind))


def test_a_kill_report_naming_you_asks_for_your_confirmation_and_not_the_reporters():
    t = town()
    victim = t.townies[0]
    reported_kill(t, t.mafia, victim, "free_kill", 10)
    [notice] = notices(victim.user, NotificationKind.KILL_TO_CONFIRM)
    item = notification_item(notice)
    assert "confirm or dispute" in item.text and "(R11)" in item.text
    assert item.url == reverse("kills", args=[t.game.pk])
    assert not notices(t.mafia.user, NotificationKind.KILL_TO_CONFIRM)
    assert not notices(t.townies[1].user, NotificationKind.KILL_TO_CONFIRM)


def test_an_item_offered_rings_the_receivers_bell_only():
    t = town()
    giver, receiver = t.townies[0], t.townies[1]
    taser = taser_for(t.game, giver)
    item_transfer_offer(
        game_id=t.game.pk, by=giver.user, item_id=taser.pk, receiver_id=receiver.pk, now=t.at(5)
    )
    [notice] = notices(receiver.user, NotificationKind.ITEM_OFFERED)
    item = notification_item(notice)
    assert "offered" in item.text and item.url == reverse("role_card", args=[t.game.pk])
    assert not notices(giver.user, NotificationKind.ITEM_OFFERED)


def test_the_game_starting_tells_every_player_and_points_them_at_their_role():
    game = make_game()
    players = sign_up(game, 5)
    start_game(game)
    for player in players:
        [started] = notices(player.user, NotificationKind.GAME_STARTED)
        [dealt] = notices(player.user, NotificationKind.ROLE_DEALT)
        assert "has started" in notification_item(started).text
        role = notification_item(dealt)
        assert role.url == reverse("role_card", args=[game.pk])
        # The notice names no role: the card is read with the player's own permissions (R50).
        assert "Townie" not in role.text and "Mafia" not in role.text


def test_an_investigation_answered_rings_the_askers_bell():
    t = town()
    victim = t.townies[0]
    confirmed_kill(t, t.mafia2, victim, "free_kill", 30)
    visit(t, t.investigator, victim, 40)
    inv = ask(t, t.investigator, victim, [t.townies[1]], minutes=41)
    client_for(t.mod).post(
        reverse("mod_investigation_answer", args=[t.game.pk, inv.pk]), {"answer": ""}
    )
    a_minute_passes()
    assert notices(t.investigator.user, NotificationKind.RESULT)


def test_the_moderators_hear_of_new_queue_items_grouped_until_they_read():
    t = town()
    reported_kill(t, t.mafia, t.townies[0], "free_kill", 10)
    reported_kill(t, t.mafia2, t.townies[1], "free_kill", 20)
    [first] = notices(t.mod, NotificationKind.QUEUE)
    item = notification_item(first)
    assert item.url == reverse("mod_queue", args=[t.game.pk]) and "queue" in item.text
    notifications_mark_read(user=t.mod, now=t.at(30))
    reported_kill(t, t.serial_killer, t.townies[2], "free_kill", 40)
    assert len(notices(t.mod, NotificationKind.QUEUE)) == 2
    # Players never hear of the queue.
    assert not Notification.objects.filter(kind=NotificationKind.QUEUE).exclude(user=t.mod)


def test_those_who_opt_in_get_the_notice_by_email(django_capture_on_commit_callbacks):
    t = town()
    victim = t.townies[0]
    NotificationSetting.objects.create(user=victim.user, email=True)
    with django_capture_on_commit_callbacks(execute=True):
        reported_kill(t, t.mafia, victim, "free_kill", 10)
    assert [m for m in mail.outbox if victim.user.email in m.to and "Kill report" in m.subject]


def _subscribed_client(user):
    keys = browser_keys()
    browser = client_for(user)
    made = browser.post(
        "/api/v1/forums/push/subscriptions",
        {"endpoint": ENDPOINT, "keys": {"p256dh": keys.p256dh, "auth": keys.auth}},
        content_type="application/json",
    )
    assert made.status_code == 201
    return browser


def test_a_subscribed_player_is_pushed_and_a_logged_out_one_is_not(
    vapid,  # noqa: F811
    service,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    game = make_game()
    players = sign_up(game, 5)
    pushed, logged_out = players[0], players[1]
    _subscribed_client(pushed.user)
    keys = browser_keys()
    other = client_for(logged_out.user)
    assert (
        other.post(
            "/api/v1/forums/push/subscriptions",
            {"endpoint": ENDPOINT + "/out", "keys": {"p256dh": keys.p256dh, "auth": keys.auth}},
            content_type="application/json",
        ).status_code
        == 201
    )
    other.post(reverse("account_logout"))
    with django_capture_on_commit_callbacks(execute=True):
        start_game(game)
    sent_to = [s["url"] for s in service.sent]
    assert ENDPOINT in sent_to
    assert ENDPOINT + "/out" not in sent_to
