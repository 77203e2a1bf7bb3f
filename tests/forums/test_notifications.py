import pytest
from django.core import mail
from django.urls import reverse

from forums.models import Notification, NotificationKind
from forums.selectors.notifications import notification_items
from forums.services import (
    den_member_add,
    message_send,
    notification_setting_update,
    notify,
    thread_create,
)
from game.models import Visibility
from game.services.log import log_append
from tests.conftest import client_for
from tests.factories import running_game
from tests.forums.helpers import LATER, START_KINDS, kill


@pytest.fixture
def game_and_players(db):
    game, players = running_game(5, mafia=1)
    game.refresh_from_db()
    # The start's own notices (tests/forums/test_waiting_notices.py) are not what these count.
    Notification.objects.filter(kind__in=START_KINDS).delete()
    return game, players


def test_a_result_notification_shows_the_log_entry_to_its_recipient_only(game_and_players):
    game, players = game_and_players
    entry = log_append(
        game=game, kind="shovel_result", text="p-x was a Priest.",
        visibility=Visibility.PLAYERS, recipients=[players[1]], now=LATER,
    )  # fmt: skip
    # The recipient's bell rings on its own (forums.services.game_events); a forged notification
    # to somebody else shows them nothing.
    notify(recipients=[players[2]], kind=NotificationKind.RESULT, target=entry, now=LATER)
    assert [i.text for i in notification_items(players[1].user)] == ["p-x was a Priest."]
    assert notification_items(players[2].user) == []


def test_a_mention_in_the_den_disappears_when_the_player_loses_the_den(game_and_players):
    game, players = game_and_players
    den_member_add(game_id=game.pk, by=players[0].user, player_id=players[1].pk, now=LATER)
    thread_create(
        game_id=game.pk, board_kind="mafia_den", by=players[0].user, title="Welcome",
        body=f"Welcome @{players[1].name}", now=LATER,
    )  # fmt: skip
    assert len(notification_items(players[1].user)) == 1
    kill(players[1])
    assert notification_items(players[1].user) == []


def test_the_bell_counts_unread_notifications_and_opening_one_marks_it_read(game_and_players):
    game, players = game_and_players
    message = message_send(
        game_id=game.pk, by=players[1].user, recipient_ids=[players[2].pk], body="psst", now=LATER
    )
    client = client_for(players[2].user)
    assert ">1<" in client.get(reverse("forums:bell")).content.decode()
    item = notification_items(players[2].user)[0]
    response = client.post(reverse("forums:notification_open", args=[item.notification.pk]))
    assert response.status_code == 302
    assert str(message.conversation_id) in response["Location"]
    assert "badge" not in client.get(reverse("forums:bell")).content.decode()


def test_email_goes_only_to_users_who_asked_for_it(
    game_and_players, django_capture_on_commit_callbacks
):
    game, players = game_and_players
    notification_setting_update(user=players[2].user, email=True)
    with django_capture_on_commit_callbacks(execute=True):
        message_send(
            game_id=game.pk, by=players[1].user, recipient_ids=[players[2].pk, players[3].pk],
            subject="Alliance", body="Shall we?", now=LATER,
        )  # fmt: skip
    assert [m.to for m in mail.outbox] == [[players[2].user.email]]
    assert "Shall we?" in mail.outbox[0].body


def test_the_email_setting_is_changed_on_the_notifications_page(game_and_players):
    _, players = game_and_players
    client = client_for(players[1].user)
    client.post(reverse("forums:notification_setting"), {"email": "on"})
    assert players[1].user.notification_setting.email is True
