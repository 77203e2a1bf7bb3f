"""The reminder to vote before the day ends: a due event (R4) per day, processed once, telling
only the living players who have not voted (R5) — in the app, and by email to those who asked."""

import datetime as dt

import pytest
from django.core import mail
from django.urls import reverse

from forums.models import Notification, NotificationKind
from forums.services import notification_setting_update
from game.models import DueEvent, LogEntry
from game.rulesets.registry import VOTE_REMINDER_EVENT
from game.services.days.day_cycle import day_end_now, day_extend
from game.services.deadlines import process_due_events
from game.services.lobby.games import game_settings_update
from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.game.helpers import current_day, vote

pytestmark = pytest.mark.django_db


def reminder(game) -> DueEvent:
    game.refresh_from_db()
    return DueEvent.objects.get(game=game, kind=VOTE_REMINDER_EVENT, day=game.current_day)


def reminded_users(game) -> set[int]:
    return set(
        Notification.objects.filter(game=game, kind=NotificationKind.VOTE_REMINDER).values_list(
            "user_id", flat=True
        )
    )


def test_each_day_has_a_reminder_two_hours_before_its_end_by_default():
    game, _ = running_game(4)
    day = current_day(game)
    assert reminder(game).due_at == day.ends_at - dt.timedelta(hours=2)


def test_only_living_players_who_have_not_voted_are_reminded_once(
    django_capture_on_commit_callbacks,
):
    game, players = running_game(5)
    day = current_day(game)
    vote(game, players[1], players[0])
    due = reminder(game).due_at
    with django_capture_on_commit_callbacks(execute=True):
        process_due_events(now=due + dt.timedelta(seconds=30))
        process_due_events(now=due + dt.timedelta(minutes=1))
    expected = {p.user_id for p in players if p.pk != players[1].pk}
    assert reminded_users(game) == expected
    assert Notification.objects.filter(kind=NotificationKind.VOTE_REMINDER).count() == 4
    entry = LogEntry.objects.get(game=game, kind="vote_reminder")
    assert "you have not voted" in entry.text and "R5" in entry.text
    assert current_day(game).number == day.number


def test_the_reminder_is_private_to_those_it_reminds():
    game, players = running_game(4)
    vote(game, players[2], players[0])
    process_due_events(now=reminder(game).due_at)
    voter_log = client_for(players[2].user).get(reverse("game_log", args=[game.pk]))
    assert "you have not voted" not in voter_log.content.decode()
    reminded_log = client_for(players[3].user).get(reverse("game_log", args=[game.pk]))
    assert "you have not voted" in reminded_log.content.decode()


def test_email_goes_only_to_those_who_opted_in_to_reminders(django_capture_on_commit_callbacks):
    game, players = running_game(4)
    notification_setting_update(user=players[1].user, vote_reminder_email=True)
    notification_setting_update(user=players[2].user, email=False)
    with django_capture_on_commit_callbacks(execute=True):
        process_due_events(now=reminder(game).due_at)
    assert [m.to for m in mail.outbox] == [[players[1].user.email]]
    assert reverse("vote", args=[game.pk]) in mail.outbox[0].body


def test_an_extension_moves_the_reminder_with_the_day_end():
    game, _ = running_game(4)
    day = current_day(game)
    later = day.ends_at + dt.timedelta(hours=3)
    day_extend(
        game_id=game.pk, by=moderator_of(game), new_end=later, now=day.started_at, reason="R2"
    )
    assert reminder(game).due_at == later - dt.timedelta(hours=2)


def test_a_day_ended_early_reminds_nobody():
    game, _ = running_game(4)
    day = current_day(game)
    day_end_now(
        game_id=game.pk,
        day=day.number,
        by=moderator_of(game),
        now=day.started_at + dt.timedelta(hours=1),
    )
    event = DueEvent.objects.get(game=game, kind=VOTE_REMINDER_EVENT, day=day.number)
    assert event.cancelled_at is not None
    process_due_events(now=day.ends_at)
    assert reminded_users(game) == set()


def test_no_reminder_when_the_game_turns_them_off_or_the_day_is_shorter_than_the_lead():
    game, _ = running_game(4, vote_reminder_minutes=0)
    assert not DueEvent.objects.filter(game=game, kind=VOTE_REMINDER_EVENT).exists()
    long_lead, _ = running_game(4, vote_reminder_minutes=1440)
    assert not DueEvent.objects.filter(game=long_lead, kind=VOTE_REMINDER_EVENT).exists()


def test_a_lead_beyond_a_day_is_refused_with_a_message():
    game, _ = running_game(4)
    with pytest.raises(Exception, match="1440 minutes"):
        game_settings_update(
            game_id=game.pk, by=moderator_of(game), now=game.started_at, vote_reminder_minutes=2000
        )
    game.refresh_from_db()
    assert game.vote_reminder_minutes == 120


def test_the_reminder_opt_in_is_an_api_operation_and_a_setting_on_the_page():
    game, players = running_game(4)
    client = client_for(players[0].user)
    response = client.put(
        "/api/v1/forums/notifications/settings",
        {"vote_reminder_email": True},
        content_type="application/json",
    )
    assert response.json() == {"email": False, "vote_reminder_email": True}
    page = client.get(reverse("forums:notification_list")).content.decode()
    assert 'name="vote_reminder_email" checked' in page
