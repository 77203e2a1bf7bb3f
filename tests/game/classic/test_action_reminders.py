"""The reminder before a night-and-day phase ends (C1): an hour before (a per-game setting),
the night actors who have not chosen (C2-C4) and the living who have not voted (C5) are told,
once; those who acted are not, and a setting of 0 reminds nobody."""

import datetime as dt

import pytest

from forums.models import Notification, NotificationKind
from forums.notification_texts import notification_item
from game.errors import GameRuleError
from game.models import DueEvent
from game.rulesets.registry import ACTION_REMINDER_EVENT
from game.services.days.votes import vote_cast
from game.services.deadlines import process_due_events
from game.services.lobby.games import game_settings_update
from game.services.nights.action_reminders import action_reminder_key
from game.services.nights.phases import phase_end_now
from tests.factories import START, moderator_of
from tests.game.classic.helpers import act, classic_game, end_phase, phase_now

pytestmark = pytest.mark.django_db


def reminded() -> set[str]:
    notes = Notification.objects.filter(kind=NotificationKind.ACTION_REMINDER)
    return {n.user.players.get().name for n in notes.select_related("user")}


def an_hour_before_the_end(game) -> dt.datetime:
    return phase_now(game).ends_at - dt.timedelta(minutes=59)


def test_the_night_actors_who_have_not_chosen_are_reminded_once():
    game, p = classic_game()
    end_phase(game)  # day 0 ends; night 1 begins
    act(game, p["cop"], p["maf1"])
    now = an_hour_before_the_end(game)
    process_due_events(now=now)
    process_due_events(now=now + dt.timedelta(minutes=1))
    assert reminded() == {"maf1", "maf2", "doc"}
    note = Notification.objects.filter(kind=NotificationKind.ACTION_REMINDER).first()
    assert "night action" in notification_item(note).text


def test_the_living_who_have_not_voted_are_reminded_by_day():
    game, p = classic_game()
    end_phase(game)
    end_phase(game)  # night 1 ends; day 1 begins
    Notification.objects.filter(kind=NotificationKind.ACTION_REMINDER).delete()
    living = {
        name for name, player in p.items() if player.__class__.objects.get(pk=player.pk).alive
    }
    vote_cast(
        game_id=game.pk,
        voter_id=p["vil1"].pk,
        target_id=p["maf1"].pk,
        now=phase_now(game).started_at + dt.timedelta(minutes=5),
    )
    process_due_events(now=an_hour_before_the_end(game))
    assert reminded() == living - {"vil1"}


def test_no_reminder_when_the_setting_is_zero():
    game, _ = classic_game(action_reminder_minutes=0)
    end_phase(game)
    assert not DueEvent.objects.filter(game=game, kind=ACTION_REMINDER_EVENT).exists()


def test_a_night_the_moderators_ended_early_reminds_nobody():
    game, p = classic_game()
    end_phase(game)
    night = phase_now(game)
    phase_end_now(
        game_id=game.pk,
        by=moderator_of(game),
        now=night.started_at + dt.timedelta(minutes=6),
        code=night.code,
        number=night.number,
        reason="Everyone is here.",
    )
    reminder = DueEvent.objects.get(key=action_reminder_key(game, night))
    process_due_events(now=reminder.due_at)
    # Day 1 began at once and its own reminder is not due yet: nobody has been told anything.
    assert reminded() == set()


def test_a_lead_beyond_a_day_is_refused_with_a_message_and_changes_nothing():
    game, _ = classic_game()
    with pytest.raises(GameRuleError, match="1440 minutes"):
        game_settings_update(
            game_id=game.pk, by=moderator_of(game), now=START, action_reminder_minutes=2000
        )
    game.refresh_from_db()
    assert game.action_reminder_minutes == 60
