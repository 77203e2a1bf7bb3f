"""A vote counts for the day that is open when it is recorded (R1, R5): a paused clock keeps the
day open, a late job and a later change of the day-end time do not reopen a day that is over,
and "latest" is the order of recording, not the hosts' timestamps."""

import datetime as dt

import pytest

from game.errors import ConflictError
from game.models import Day, DayResult, Vote
from game.services.days.day_cycle import clock_pause, clock_resume, day_end_time_change
from game.services.days.votes import vote_cast
from game.snapshots.votes import day_tally
from tests.factories import moderator_of, running_game
from tests.game.helpers import current_day, end_day

pytestmark = pytest.mark.django_db


def cast(game, voter, target, at, **kw) -> Vote:
    return vote_cast(game_id=game.pk, voter_id=voter.pk, target_id=target.pk, now=at, **kw)


def test_votes_during_a_pause_that_spans_the_day_end_count_for_the_open_day():
    game, (_, a, b, *_) = running_game(5)
    day = current_day(game)
    clock_pause(game_id=game.pk, by=moderator_of(game), now=day.ends_at - dt.timedelta(hours=1))

    after_end = day.ends_at + dt.timedelta(minutes=30)
    vote = cast(game, a, b, after_end, for_day=1)

    assert vote.day == 1
    clock_resume(game_id=game.pk, by=moderator_of(game), now=after_end + dt.timedelta(hours=1))
    reopened = current_day(game)
    assert reopened.number == 1 and reopened.ends_at > after_end
    end_day(game)
    assert DayResult.objects.get(game=game, day=1).executed_id == b.pk


def test_a_pause_after_an_overdue_day_end_does_not_reopen_the_day():
    game, (_, a, b, *_) = running_game(5)
    day = current_day(game)
    late = day.ends_at + dt.timedelta(minutes=5)
    assert cast(game, a, b, late).day == 2
    clock_pause(game_id=game.pk, by=moderator_of(game), now=late + dt.timedelta(minutes=5))
    assert cast(game, a, b, late + dt.timedelta(minutes=10)).day == 2
    clock_resume(game_id=game.pk, by=moderator_of(game), now=late + dt.timedelta(hours=2))
    assert Day.objects.get(game=game, number=1).ends_at == day.ends_at


def test_changing_the_day_end_time_while_the_job_is_late_keeps_the_ended_day_ended():
    game, (_, a, b, *_) = running_game(5)
    day = current_day(game)
    late = day.ends_at + dt.timedelta(minutes=5)
    told = cast(game, a, b, late)
    assert told.day == 2

    later_time = (
        dt.datetime.combine(dt.date(2026, 1, 1), game.day_end_time) + dt.timedelta(hours=1)
    ).time()
    day_end_time_change(
        game_id=game.pk,
        by=moderator_of(game),
        new_time=later_time,
        now=late + dt.timedelta(minutes=5),
    )

    assert Day.objects.get(game=game, number=1).ends_at == day.ends_at
    with pytest.raises(ConflictError):
        cast(game, a, b, late + dt.timedelta(minutes=6), for_day=1)
    end_day(game)
    assert Vote.objects.get(pk=told.pk).day == current_day(game).number


def test_the_latest_vote_is_the_last_recorded_whatever_its_host_clock_said():
    """Two web hosts whose clocks disagree: the voter's second choice counts (R5)."""
    game, (_, a, b, c, *_) = running_game(5)
    day = current_day(game)
    cast(game, a, b, day.started_at + dt.timedelta(hours=2))
    cast(game, a, c, day.started_at + dt.timedelta(hours=1, minutes=59))

    tally = day_tally(game, day, day.ends_at)

    assert next(v.target for v in tally.counted if v.voter == a.pk) == c.pk
