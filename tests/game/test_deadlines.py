import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import transaction
from django.urls import reverse

from forums.models import Notification
from game.errors import ConflictError, GameRuleError
from game.models import Day, DueEvent, LogEntry, SchedulerHeartbeat
from game.rulesets.live_action.roles import Role
from game.services.days.day_cycle import (
    clock_pause,
    clock_resume,
    day_end_extend_to,
    day_end_now,
    day_end_time_change,
    process_day_end,
)
from game.services.days.missed_day_ends import missed_day_ends_run, missed_day_ends_skip
from game.services.deadlines import process_due_events
from game.services.locking import lock_game
from game.tasks import process_due_events as process_due_events_task
from tests.conftest import client_for
from tests.factories import make_game, moderator_of, sign_up, start_game

pytestmark = pytest.mark.django_db
NEW_YORK = ZoneInfo("America/New_York")


def ny(*args) -> dt.datetime:
    return dt.datetime(*args, tzinfo=NEW_YORK)


def game_started_at(moment: dt.datetime):
    """Two mafia and three townies: nobody wins at the first day ends. No reminder to vote, so
    that each day's only event is its end (the reminders: test_vote_reminders)."""
    game = make_game(vote_reminder_minutes=0)
    players = sign_up(game, 5)
    start_game(game, {players[0]: Role.MAFIA, players[1]: Role.MAFIA}, now=moment)
    game.refresh_from_db()
    return game


def ended_days(game) -> list[int]:
    return list(
        Day.objects.filter(game=game, ended_at__isnull=False).values_list("number", flat=True)
    )


@pytest.mark.parametrize(
    ("start", "end_utc"),
    [
        (ny(2026, 3, 8, 10, 0), dt.datetime(2026, 3, 9, 3, 0, tzinfo=dt.UTC)),
        (ny(2026, 11, 1, 10, 0), dt.datetime(2026, 11, 2, 4, 0, tzinfo=dt.UTC)),
    ],
    ids=["spring-forward", "fall-back"],
)
def test_day_ends_once_at_eleven_pm_new_york_time_on_daylight_saving_days(start, end_utc):
    game = game_started_at(start)
    with time_machine.travel(end_utc - dt.timedelta(seconds=1), tick=False):
        assert process_due_events_task.delay().get() == 0
    assert ended_days(game) == []
    with time_machine.travel(end_utc + dt.timedelta(seconds=20), tick=False):
        assert process_due_events_task.delay().get() == 1
        assert process_due_events_task.delay().get() == 0
    assert ended_days(game) == [1]
    day_one = Day.objects.get(game=game, number=1)
    assert day_one.ended_at == end_utc
    assert day_one.ended_at.astimezone(NEW_YORK).time() == dt.time(23, 0)
    day_two = Day.objects.get(game=game, number=2)
    assert day_two.started_at == end_utc
    assert day_two.ends_at.astimezone(NEW_YORK).time() == dt.time(23, 0)
    assert day_two.ends_at - day_two.started_at == dt.timedelta(hours=24)
    game.refresh_from_db()
    assert game.current_day == 2
    assert SchedulerHeartbeat.objects.get().processed_total == 1


def test_more_than_one_missed_day_end_pauses_the_game_for_its_moderators():
    """No ruling covers a long outage: the game waits for a moderator (missed_day_ends)."""
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    late = ny(2026, 10, 7, 9, 0)

    assert process_due_events(now=late) == 0

    assert ended_days(game) == []
    game.refresh_from_db()
    assert game.status == "running" and game.clock_paused_at == late
    held = LogEntry.objects.get(game=game, kind="day_ends_missed")
    assert held.visibility == "moderators" and held.text.startswith("2 day ends were missed")
    assert Notification.objects.filter(user=moderator_of(game), log_entry=held).exists()
    assert process_due_events(now=late + dt.timedelta(hours=1)) == 0


def test_one_late_day_end_still_runs_at_its_own_time():
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    assert process_due_events(now=ny(2026, 10, 6, 9, 0)) == 1
    assert ended_days(game) == [1]


def test_the_moderators_run_the_missed_day_ends_each_at_its_time():
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    late = ny(2026, 10, 7, 9, 0)
    process_due_events(now=late)

    missed_day_ends_run(game_id=game.pk, by=moderator_of(game), now=late + dt.timedelta(minutes=5))

    assert ended_days(game) == [1, 2]
    ends = [d.ended_at.astimezone(NEW_YORK) for d in Day.objects.filter(game=game, number__lte=2)]
    assert [(e.day, e.hour) for e in ends] == [(5, 23), (6, 23)]
    game.refresh_from_db()
    # R18: two days ended without a mafia kill: the town wins, as the moderators chose.
    assert (game.status, game.winner) == ("finished", "town")
    with pytest.raises(ConflictError):
        missed_day_ends_run(game_id=game.pk, by=moderator_of(game), now=late)


def test_the_moderators_resume_from_now_after_the_first_missed_day_end():
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    late = ny(2026, 10, 7, 9, 0)
    process_due_events(now=late)

    missed_day_ends_skip(game_id=game.pk, by=moderator_of(game), now=late)

    assert ended_days(game) == [1]
    game.refresh_from_db()
    assert game.status == "running" and game.clock_paused_at is None
    day_2 = Day.objects.get(game=game, number=2)
    assert day_2.ends_at == ny(2026, 10, 7, 23, 0)
    assert DueEvent.objects.get(game=game, kind="day_end", day=2).due_at == day_2.ends_at
    assert process_due_events(now=late + dt.timedelta(hours=1)) == 0


def test_processing_an_already_processed_event_again_changes_nothing():
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    process_due_events(now=ny(2026, 10, 6, 0, 0))
    event = DueEvent.objects.get(game=game, day=1)
    with transaction.atomic():
        process_day_end(event, ny(2026, 10, 6, 0, 5))
    assert ended_days(game) == [1]
    assert Day.objects.filter(game=game).count() == 2


def test_paused_games_wait_and_resume_at_the_next_day_end():
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    mod = moderator_of(game)
    clock_pause(game_id=game.pk, by=mod, now=ny(2026, 10, 5, 20, 0), reason="storm")
    assert process_due_events(now=ny(2026, 10, 6, 1, 0)) == 0
    with pytest.raises(ConflictError):
        clock_pause(game_id=game.pk, by=mod, now=ny(2026, 10, 6, 1, 0))
    clock_resume(game_id=game.pk, by=mod, now=ny(2026, 10, 6, 9, 0))
    day_one = Day.objects.get(game=game, number=1)
    assert day_one.ends_at == ny(2026, 10, 6, 23, 0)
    assert process_due_events(now=ny(2026, 10, 6, 12, 0)) == 0
    assert process_due_events(now=ny(2026, 10, 6, 23, 0, 30)) == 1
    assert ended_days(game) == [1]


def test_changing_the_day_end_time_moves_the_current_day_end():
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    day_end_time_change(
        game_id=game.pk, by=moderator_of(game), new_time=dt.time(21, 30), now=ny(2026, 10, 5, 22, 0)
    )
    day_one = Day.objects.get(game=game, number=1)
    assert day_one.ends_at == ny(2026, 10, 6, 21, 30)
    assert DueEvent.objects.get(game=game, day=1).due_at == day_one.ends_at


def test_ending_the_day_now_runs_the_day_end_once():
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    now = ny(2026, 10, 5, 15, 0)
    day_end_now(game_id=game.pk, day=1, by=moderator_of(game), now=now, reason="all voted")
    assert ended_days(game) == [1]
    assert Day.objects.get(game=game, number=2).started_at == now
    # R1: day 2 ends at the first day-end time after it started, the same evening.
    assert Day.objects.get(game=game, number=2).ends_at == ny(2026, 10, 5, 23, 0)
    assert process_due_events(now=ny(2026, 10, 5, 22, 59)) == 0
    assert ended_days(game) == [1]


def test_an_extension_moves_the_day_end_later_only():
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    with transaction.atomic():
        locked = lock_game(game.pk)
        day_end_extend_to(
            game=locked, new_end=ny(2026, 10, 5, 23, 40), now=ny(2026, 10, 5, 22, 40), reason="R2"
        )
    assert DueEvent.objects.get(game=game, day=1).due_at == ny(2026, 10, 5, 23, 40)
    assert process_due_events(now=ny(2026, 10, 5, 23, 30)) == 0
    with pytest.raises(GameRuleError, match="later"), transaction.atomic():
        day_end_extend_to(
            game=lock_game(game.pk),
            new_end=ny(2026, 10, 5, 23, 0),
            now=ny(2026, 10, 5, 22, 50),
            reason="x",
        )


def test_the_dashboard_offers_both_choices_and_resumes_from_now():
    game = game_started_at(ny(2026, 10, 5, 12, 0))
    process_due_events(now=ny(2026, 10, 7, 9, 0))
    moderator = client_for(moderator_of(game))

    page = moderator.get(reverse("mod_dashboard", args=[game.pk])).content.decode()
    assert "Run the missed day ends" in page and "Resume from now" in page
    response = moderator.post(reverse("mod_missed_resume", args=[game.pk]))

    assert response.status_code == 302
    assert ended_days(game) == [1]
    again = moderator.post(reverse("mod_missed_run", args=[game.pk]))
    assert again.status_code == 409
    assert "No missed day ends are waiting" in again.content.decode()
