"""Forum Mafia's day (docs/forum-play.md): the hammer and the vote count of a night-and-day game.

`vote_recorded` is the one call the day vote makes (services.days.votes): once the vote has
committed, `day_after_vote` takes the game lock, then the day's row (the order of a phase end,
so a vote in flight never deadlocks with it), and ends the day if the vote made a majority, or
posts a vote count when one is due. Concurrent votes run it one after the other: the first that
finds a majority ends the day, the others find it ended, so the hammer falls exactly once."""

import datetime as dt
from functools import partial

from django.db import transaction

from game.errors import ForbiddenError, GameRuleError
from game.models import Day, Game, GamePhase, GameStatus, User, Visibility, Vote
from game.rulesets import forum_play
from game.rulesets.phases import DAY, NO_ONE, Pick
from game.services.locking import lock_day_for_end, lock_game
from game.services.log import log_append
from game.services.nights.phases import current_phase, phase_end_at_once
from game.snapshots.forum_day import DayVotes, day_votes, vote_count_of

HAMMER_AFTER = dt.timedelta(microseconds=1)
COUNTED_KEY = "vote_count_changes"


def vote_recorded(game: Game, vote: Vote) -> None:
    """Called by the day vote of a night-and-day game once a vote is recorded: what follows runs
    after it commits, in its own transaction, when the game has a hammer or vote counts."""
    if not (game.majority_ends_day or game.vote_count_every):
        return
    # Robust: the vote stands whatever happens next; a hammer that fails here is logged, and
    # the next vote or the deadline ends the day.
    transaction.on_commit(
        partial(day_after_vote, game_id=vote.game_id, vote_id=vote.pk), robust=True
    )


@transaction.atomic
def day_after_vote(*, game_id: int, vote_id: int) -> None:
    """The hammer (a majority ends the day at once, when the game says so) or else the vote
    count due after every N vote changes. Idempotent: a day already over changes nothing."""
    game = lock_game(game_id)
    vote = Vote.objects.filter(pk=vote_id, game=game).first()
    phase = current_phase(game)
    if (
        vote is None
        or game.status != GameStatus.RUNNING
        or phase is None
        or phase.code != DAY
        or phase.number != vote.day
        or phase.ended_at is not None
    ):
        return
    lock_day_for_end(Day.objects.get(game=game, number=vote.day))
    if game.majority_ends_day:
        votes = day_votes(game, vote.day, until=vote.cast_at)
        hammer = forum_play.hammered(votes.ballots, votes.living)
        if hammer is not None:
            _hammer(game, phase, hammer.pick, votes.names, vote.cast_at + HAMMER_AFTER)
            return
    votes = day_votes(game, vote.day)
    counted = phase.state.get(COUNTED_KEY, 0)
    if game.vote_count_every and votes.changes - counted >= game.vote_count_every:
        _post_vote_count(game, phase, votes, vote.cast_at)


def _hammer(
    game: Game, phase: GamePhase, pick: Pick, names: dict[int, str], at: dt.datetime
) -> None:
    log_append(
        game=game,
        kind="hammer",
        text=forum_play.hammer_text(phase.number, None if pick is NO_ONE else names[pick]),
        visibility=Visibility.PUBLIC,
        now=at,
    )
    phase_end_at_once(game=game, phase=phase, now=at)


@transaction.atomic
def vote_count_request(*, game_id: int, by: User, now: dt.datetime) -> None:
    """A moderator asks for a vote count of the open day now."""
    game = lock_game(game_id)
    if not game.moderators.filter(user=by).exists():
        raise ForbiddenError("Only the moderators post vote counts.")
    phase = current_phase(game)
    if (
        game.status != GameStatus.RUNNING
        or phase is None
        or phase.code != DAY
        or phase.ended_at is not None
    ):
        raise GameRuleError("There is no open day to count.")
    _post_vote_count(game, phase, day_votes(game, phase.number), now)


def _post_vote_count(game: Game, phase: GamePhase, votes: DayVotes, now: dt.datetime) -> None:
    phase.state = {**phase.state, COUNTED_KEY: votes.changes}
    phase.save(update_fields=["state"])
    log_append(
        game=game,
        kind="vote_count",
        text=vote_count_of(game, phase, votes, now),
        visibility=Visibility.PUBLIC,
        now=now,
    )
