"""Forum Mafia's day (docs/forum-play.md): the hammer and the vote count of a game whose day is
played in the threads.

`vote_recorded` is the one call the day vote makes (services.days.votes). In a game with the
hammer every vote is recorded under the game's lock (the lock every end of the day takes
first), and `day_after_vote` runs in the vote's own transaction: it takes the day's row, ends
the day if this vote made a majority, with a vote count as of the hammer, or else posts the
count when one is due. Votes arriving together are recorded one after the other: the first
that makes a majority ends the day, the next finds it over and is refused, so the hammer falls
exactly once, at the first vote recorded, and no vote is recorded for a day that has ended.
Without the hammer, a vote recorded outside the game's lock has its vote count posted once it
has committed, in a transaction of its own."""

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


def vote_recorded(game: Game, vote: Vote, *, game_locked: bool) -> None:
    """Called by the day vote once a public vote is recorded, when the game has a hammer or
    vote counts: under the game's lock (always, in a game with the hammer) at once, in the
    vote's transaction; otherwise after it commits, in a transaction of its own."""
    if not (game.majority_ends_day or game.vote_count_every):
        return
    if game_locked:
        day_after_vote(game_id=vote.game_id, vote_id=vote.pk)
        return
    # Robust: the vote stands whatever happens next; a count that fails here is logged, and
    # the next vote posts it.
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
    votes = day_votes(game, vote.day)
    if game.majority_ends_day:
        hammer = forum_play.hammered(votes.ballots, votes.living)
        if hammer is not None:
            _hammer(game, phase, hammer.pick, votes, vote.cast_at + HAMMER_AFTER)
            return
    counted = phase.state.get(COUNTED_KEY, 0)
    if game.vote_count_every and votes.changes - counted >= game.vote_count_every:
        _post_vote_count(game, phase, votes, vote.cast_at)


def _hammer(game: Game, phase: GamePhase, pick: Pick, votes: DayVotes, at: dt.datetime) -> None:
    """The day ends at `at`: the hammer is announced with the day's final vote count, then the
    day ends through the ordinary phase end (C5's execution, the night's start)."""
    target = None if pick is NO_ONE else votes.names[pick]
    log_append(
        game=game,
        kind="hammer",
        text=forum_play.hammer_text(phase.number, target),
        visibility=Visibility.PUBLIC,
        now=at,
    )
    phase.ends_at = at
    _post_vote_count(game, phase, votes, at)
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
