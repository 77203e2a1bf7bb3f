"""Casting votes (R5-R8): bad input gets a clear message and changes nothing."""

import datetime as dt

import pytest

from game.errors import ConflictError, GameRuleError
from game.models import Vote
from game.services.days.votes import vote_cast
from game.services.items_offices.mayor import mayor_set
from tests.factories import START, moderator_of, running_game
from tests.game.helpers import current_day, end_day, vote

pytestmark = pytest.mark.django_db


def test_a_living_player_votes_and_only_the_latest_vote_is_kept_as_latest():
    game, (a, b, c, *_) = running_game(5)
    vote(game, a, b)
    latest = vote(game, a, c, at=current_day(game).started_at + dt.timedelta(hours=2))
    assert Vote.objects.filter(voter=a).count() == 2
    assert Vote.objects.filter(voter=a).last() == latest


def test_no_execution_is_allowed_on_day_one():
    game, (a, *_) = running_game(4)
    assert vote(game, a, None).is_no_execution


@pytest.mark.parametrize(
    "case, message",
    [
        ("dead voter", "Dead players do not vote"),
        ("dead target", "is dead"),
        ("other game target", "Choose a player of this game"),
        ("non-player voter", "Only players of this game can vote"),
        ("no execution after day 1", "day 1 only"),
        ("fallback without condition", "A fallback needs a condition"),
        ("fallback same as target", "must differ"),
    ],
)
def test_bad_votes_are_refused_with_a_clear_message_and_change_nothing(case, message):
    game, (a, b, c, d, *_) = running_game(6)
    other_game, (stranger, *_) = running_game(3)
    kwargs: dict = {}
    voter, target = a, b
    if case == "dead voter":
        vote(game, a, c)
        vote(game, b, c)
        end_day(game)
        voter = c
    elif case == "dead target":
        vote(game, a, c)
        vote(game, b, c)
        end_day(game)
        voter, target = d, c
    elif case == "other game target":
        target = stranger
    elif case == "non-player voter":
        voter = stranger
    elif case == "no execution after day 1":
        end_day(game)
        target = None
    elif case == "fallback without condition":
        kwargs = {"fallback_id": c.pk}
    elif case == "fallback same as target":
        kwargs = {"fallback_id": b.pk, "condition": "primary_dead"}
    before = Vote.objects.count()
    with pytest.raises(GameRuleError, match=message):
        vote(game, voter, target, **kwargs)
    assert Vote.objects.count() == before


def test_a_vote_recorded_after_the_day_end_time_counts_for_the_next_day_even_if_the_job_is_late():
    game, (a, b, *_) = running_game(4)
    day = current_day(game)
    late_vote = vote(game, a, b, at=day.ends_at + dt.timedelta(seconds=30))
    assert late_vote.day == 2


def test_a_vote_meant_for_a_day_that_has_ended_is_refused():
    game, (a, b, *_) = running_game(4)
    day = current_day(game)
    with pytest.raises(ConflictError, match="Day 1 has ended"):
        vote(game, a, b, at=day.ends_at + dt.timedelta(seconds=1), for_day=1)
    assert not Vote.objects.exists()


def test_votes_of_a_game_that_is_not_running_are_refused(user):
    from tests.factories import make_game, sign_up

    game = make_game()
    (a, b) = sign_up(game, 2)
    with pytest.raises(GameRuleError, match="not running"):
        vote_cast(game_id=game.pk, voter_id=a.pk, target_id=b.pk, now=game.created_at)


def test_the_mayor_counts_three_at_day_end():
    game, (a, b, c, d, e) = running_game(5)
    mayor_set(game_id=game.pk, player_id=e.pk, by=moderator_of(game), now=START)
    for voter in (a, b):
        vote(game, voter, c)
    vote(game, e, d)
    end_day(game)
    result = game.day_results.get(day=1)
    assert result.totals[str(d.pk)] == 3 + 1  # the mayor, and d who did not vote (R5)
    assert result.totals[str(c.pk)] == 2 + 1
    assert result.executed_id == d.pk


def test_a_dead_player_cannot_be_made_mayor():
    game, (a, b, c, *_) = running_game(5)
    for voter in (a, b, c):
        vote(game, voter, c)
    end_day(game)
    with pytest.raises(GameRuleError, match="dead"):
        mayor_set(game_id=game.pk, player_id=c.pk, by=moderator_of(game), now=START)
