"""Moderators undo the last day end with a reason: votes, deaths, items return (logged)."""

import datetime as dt

import pytest

from game.errors import ConflictError, GameRuleError
from game.models import Day, DayResult, DueEvent, GameStatus, Item, LogEntry
from game.rulesets.live_action.items import ItemKind
from game.services.days.day_end_undo import day_end_undo
from game.services.days.end_of_day import poison_schedule
from game.services.locking import lock_game
from tests.factories import moderator_of, running_game
from tests.game.helpers import alive, current_day, end_day, vote
from tests.game.test_day_end import mafia_kill

pytestmark = pytest.mark.django_db


def test_undoing_a_day_end_brings_back_the_dead_their_items_and_the_open_day():
    game, (m, a, b, c, d, e) = running_game(6)
    shovel = Item.objects.create(game=game, kind=ItemKind.SHOVEL, holder=d)
    poison_schedule(game=lock_game(game.pk), victim=e, day=1, now=game.created_at)
    for voter in (a, b, c):
        vote(game, voter, d)
    mafia_kill(game, 1)
    ended = end_day(game)
    assert not alive(d)
    vote(game, a, b, at=ended.ends_at + dt.timedelta(minutes=5))
    undo_at = ended.ends_at + dt.timedelta(minutes=10)
    day_end_undo(game_id=game.pk, by=moderator_of(game), now=undo_at, reason="miscount")
    game.refresh_from_db()
    assert alive(d) and game.current_day == 1
    shovel.refresh_from_db()
    assert shovel.holder_id == d.pk
    day = Day.objects.get(game=game, number=1)
    assert day.ended_at is None and day.ends_at > undo_at
    assert not Day.objects.filter(game=game, number=2).exists()
    assert not DayResult.objects.filter(game=game).exists()
    assert game.votes.filter(day=1, voter=a).count() == 2
    assert DueEvent.objects.get(kind=DueEvent.Kind.DAY_END, day=1).done_at is None
    assert DueEvent.objects.get(kind=DueEvent.Kind.POISON_DEATH).cancelled_at is None
    undo = LogEntry.objects.get(kind="day_end_undone")
    assert undo.reason == "miscount" and d.name in undo.text


def test_undoing_the_day_end_that_finished_the_game_resumes_it():
    game, (m, a, b, c) = running_game(4)
    for voter in (a, b, c):
        vote(game, voter, m)
    ended = end_day(game)
    assert game.status == GameStatus.FINISHED
    day_end_undo(game_id=game.pk, by=moderator_of(game), now=ended.ends_at, reason="wrong vote")
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING and game.winner == "" and alive(m)
    assert DueEvent.objects.get(kind=DueEvent.Kind.DAY_END, day=1).cancelled_at is None


def test_only_the_last_day_end_can_be_undone_once_and_with_a_reason():
    game, players = running_game(5)
    mafia_kill(game, 1)
    ended = end_day(game)
    moderator = moderator_of(game)
    with pytest.raises(GameRuleError, match="reason"):
        day_end_undo(game_id=game.pk, by=moderator, now=ended.ends_at, reason=" ")
    day_end_undo(game_id=game.pk, by=moderator, now=ended.ends_at, reason="test")
    with pytest.raises(ConflictError):
        day_end_undo(game_id=game.pk, by=moderator, now=ended.ends_at, reason="again")


def test_a_reopened_day_ends_again_normally():
    game, (m, a, b, c, d) = running_game(5)
    for voter in (a, b, c):
        vote(game, voter, d)
    mafia_kill(game, 1)
    ended = end_day(game)
    day_end_undo(game_id=game.pk, by=moderator_of(game), now=ended.ends_at, reason="recount")
    end_day(game)
    assert not alive(d) and game.current_day == 2
    assert current_day(game).number == 2
