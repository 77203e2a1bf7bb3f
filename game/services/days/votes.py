"""Casting votes, as the rule set's day says (`Ruleset.day`: R5-R7, C5, H8), and the mayor's
office as far as votes need it (R8)."""

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction

from game.errors import ConflictError, GameRuleError
from game.models import Game, GameStatus, Player, Visibility, Vote, VoteCondition
from game.rulesets.ballots import split_refusal, split_vote_text
from game.rulesets.days import DaySpec
from game.rulesets.live_action.day_clock import day_is_open
from game.rulesets.registry import ruleset_named
from game.services.days.forum_day import vote_recorded
from game.services.ids import storable_ids
from game.services.live_channel import publish
from game.services.locking import lock_current_day_shared, lock_game
from game.services.log import log_append
from game.services.nights.phases import phases_unwaited_end
from game.snapshots.forum_day import WITHDRAWN

NOTE_MAX_LENGTH = 1000
_Ballot = tuple[int, int]  # a day's number and its round (`Vote.round`)


@dataclass(frozen=True)
class _Submission:
    voter_id: int
    target_id: int | None
    fallback_id: int | None
    condition: str
    note: str
    split: dict[int, int]


class _DayMayEndHere(Exception):
    """This vote may end the day (the hammer): it is taken again under the game's lock, the
    lock every end of the day takes first."""


def vote_cast(
    *,
    game_id: int,
    voter_id: int,
    target_id: int | None,
    now: dt.datetime | None = None,
    fallback_id: int | None = None,
    condition: str = "",
    note: str = "",
    for_day: int | None = None,
    split: Mapping[int, int] | None = None,
    game_locked: bool = False,
) -> Vote:
    """Record a submission, checked against the rule set's day (`Ruleset.day`, a
    `days.DaySpec`), whose texts cite its own rulings. `target_id` None is a vote for no one
    (No Execution), where the day allows it (R6, C5). `split` places the voter's votes on
    several players (player id to votes), where the ballot allows it (M7). A fallback and its
    condition go together, where the day has fallbacks (R7). `for_day` is the day the voter
    saw: a vote meant for a day that has meanwhile ended is refused, not moved.

    A vote counts for the day open when it is recorded. It is recorded at `now`, by default the
    database's clock read with the day's lock (one clock for every host); a vote that waited
    for a day end is recorded after that end, and refused where votes do not roll over (C5),
    in the ballot of its phase (`DaySpec.ballot_round`: HP's repeated votes, H8). Votes hold
    the day's row together, which a day end takes before it closes the day. Where a vote may
    end the day itself (`DaySpec.vote_may_end`: the hammer; the last vote awaited, H2), it is
    recorded under the game's lock instead (taken first, as every day end takes it), and the
    day ends in its transaction: the first vote that makes a majority, or the last one
    awaited, ends it; the next one finds it over and is refused. `game_locked`: the caller
    holds the game's lock already (a vote by post)."""
    submission = _Submission(
        voter_id, target_id, fallback_id, condition or "", note, dict(split or {})
    )
    try:
        return _record(game_id, submission, now, for_day, game_locked=game_locked)
    except _DayMayEndHere:
        return _record(game_id, submission, now, for_day, game_locked=True, lock_game_first=True)


@transaction.atomic
def _record(
    game_id: int,
    submission: _Submission,
    now: dt.datetime | None,
    for_day: int | None,
    *,
    game_locked: bool,
    lock_game_first: bool = False,
) -> Vote:
    """Check and write one vote: the day, then the ballot, then the row; under the game's lock,
    the phases that wait for nobody then end (H2)."""
    game = lock_game(game_id) if lock_game_first else None
    day = lock_current_day_shared(game_id)
    if day is None or day.game_status != GameStatus.RUNNING:
        raise _not_open(game_id)
    rules = ruleset_named(day.game_ruleset).day
    if now is None:
        now = max(day.db_now, day.ended_at) if day.ended_at is not None else day.db_now
    number = _counted_day(rules, day, now, for_day)
    if rules.vote_may_end(day.game_majority_ends_day) and not game_locked:
        raise _DayMayEndHere
    ballot = rules.ballot_round(day.game_phase)
    voter, players = _checked(rules, game_id, (number, ballot), submission)
    vote = Vote.objects.create(
        game_id=game_id,
        day=number,
        round=ballot,
        voter=voter,
        target_id=submission.target_id,
        fallback_id=submission.fallback_id,
        condition=submission.condition,
        note=submission.note.strip(),
        cast_at=now,
        split={str(pk): n for pk, n in submission.split.items()},
    )
    if rules.public:
        _announce(rules, players, vote, game_locked=game_locked)
    # Who may see the running count hears of a vote: everyone where votes are public (C5),
    # else the moderators alone until the day ends (R50).
    publish(f"game-{game_id}" if rules.public else f"queue-{game_id}", "vote")
    if game is not None:
        phases_unwaited_end(game=game, now=now)
    return vote


def _not_open(game_id: int) -> GameRuleError:
    """Why a game takes no vote: it is not running, or its day has not come yet (HP's first
    night, H2), said in the day's words."""
    game = Game.objects.filter(pk=game_id, status=GameStatus.RUNNING).first()
    if game is None:
        return GameRuleError("The game is not running: there is nothing to vote on.")
    return ConflictError(game.rules.day.texts.closed.format(day=game.current_day))


def _checked(
    rules: DaySpec, game_id: int, ballot: _Ballot, submission: _Submission
) -> tuple[Player, dict[int, Player]]:
    """The voter and the players the vote names, once the day's rules allow the ballot."""
    s = submission
    if s.split and not rules.split:
        raise GameRuleError(rules.texts.no_split, field="split")
    players = _players(game_id, {s.voter_id, s.target_id, s.fallback_id, *s.split})
    voter = _voter(rules, players, s.voter_id, ballot)
    _target_check(rules, players, voter, ballot[0], s.target_id, s.split)
    _fallback_check(rules, players, s.target_id, s.fallback_id, s.condition)
    if len(s.note) > NOTE_MAX_LENGTH:
        raise GameRuleError(f"The note is too long (at most {NOTE_MAX_LENGTH} characters).")
    return voter, players


def _counted_day(rules: DaySpec, day, now: dt.datetime, for_day: int | None) -> int:
    """The day a vote recorded at `now` counts for: the open day, or once it is over the next
    one where votes roll over (R1, R5); else the vote is refused with 409 (by night, C5). A day
    without a vote (day 0, C1) refuses it."""
    open_now = day_is_open(
        ends_at=day.ends_at,
        closed=day.ended_at is not None,
        now=now,
        paused_at=day.game_clock_paused_at,
    )
    number = rules.counted_day(day.number, open_now)
    if number is None:
        raise ConflictError(rules.texts.closed.format(day=day.number))
    refusal = rules.voting_refusal(number)
    if refusal:
        raise GameRuleError(refusal)
    if for_day is not None and for_day != number:
        raise ConflictError(
            f"Day {for_day} has ended, so this vote was not recorded. Vote again for day {number}."
        )
    return number


def _players(game_id: int, wanted: set[int | None]) -> dict[int, Player]:
    """The players a vote names, in one query."""
    ids = storable_ids({pk for pk in wanted if pk is not None})
    return {
        p.pk: p
        for p in Player.objects.filter(game_id=game_id, pk__in=ids)
        .only("id", "name", "alive", "state")
        .order_by()
    }


def _voter(rules: DaySpec, players: dict[int, Player], voter_id: int, ballot: _Ballot) -> Player:
    """A living player of the game who casts their own vote, once a ballot (a day's round)
    where votes may not be changed (H8)."""
    if not rules.players_cast:
        raise GameRuleError(rules.texts.host_counts)
    voter = players.get(voter_id)
    if voter is None:
        raise GameRuleError("Only players of this game can vote.")
    if not voter.alive:
        raise GameRuleError(rules.texts.dead_voter)
    if (
        not rules.revotes
        and Vote.objects.filter(voter=voter, day=ballot[0], round=ballot[1]).exists()
    ):
        raise GameRuleError(rules.texts.already_voted)
    return voter


def _target_check(
    rules: DaySpec,
    players: dict[int, Player],
    voter: Player,
    number: int,
    target_id: int | None,
    split: dict[int, int],
) -> None:
    """A living player, not the voter where the day forbids it (H8), or no one on the days
    that allow it (R6, C5); a split ballot's living players and shares (M7)."""
    if split:
        if target_id is not None:
            raise GameRuleError("Split your votes, or vote for one player: not both.")
        for pk in split:
            _living_target(rules, players, pk, "your split vote")
        refusal = split_refusal(rules, split, rules.weight(voter.state or {}))
        if refusal:
            raise GameRuleError(refusal, field="split")
    elif target_id is None:
        if not rules.no_one_allowed(number):
            raise GameRuleError(rules.texts.no_one_refused)
    else:
        _living_target(rules, players, target_id, "your vote")
        if target_id == voter.pk and not rules.self_vote:
            raise GameRuleError(rules.texts.self_vote)


def _fallback_check(
    rules: DaySpec,
    players: dict[int, Player],
    target_id: int | None,
    fallback_id: int | None,
    condition: str,
) -> None:
    """A fallback, where the day has them (R7): a living player other than the vote, with one
    of the conditions."""
    if not rules.fallbacks:
        if fallback_id is not None or condition:
            raise GameRuleError(rules.texts.no_fallback, field="fallback")
        return
    if condition and condition not in VoteCondition.values:
        raise GameRuleError("Choose one of the offered conditions.", field="condition")
    if bool(condition) != (fallback_id is not None):
        raise GameRuleError(
            rules.texts.fallback_pair,
            field="condition" if fallback_id is not None else "fallback",
        )
    if fallback_id is not None:
        _living_target(rules, players, fallback_id, "the fallback")
        if fallback_id == target_id:
            raise GameRuleError("The fallback must differ from your vote.", field="fallback")


def _living_target(rules: DaySpec, players: dict[int, Player], player_id: int, what: str) -> None:
    target = players.get(player_id)
    if target is None:
        raise GameRuleError(rules.texts.unknown_target.format(what=what))
    if not target.alive:
        raise GameRuleError(rules.texts.dead_target.format(name=target.name, what=what))


def _announce(rules: DaySpec, players: dict[int, Player], vote: Vote, *, game_locked: bool) -> None:
    """A public vote is announced as cast (C5), and the forum's day hears of it (the hammer,
    vote counts: docs/forum-play.md), at once where the game's lock is held."""
    voter = players[vote.voter_id].name
    if vote.split:
        shares = [(players[int(pk)].name, n) for pk, n in sorted(vote.split.items())]
        text = split_vote_text(voter, shares)
    else:
        target = players[vote.target_id].name if vote.target_id is not None else None
        text = rules.vote_text(voter, target, withdrawn=vote.note == WITHDRAWN)
    game = Game.objects.get(pk=vote.game_id)
    log_append(
        game=game, kind="vote_public", text=text, visibility=Visibility.PUBLIC, now=vote.cast_at
    )
    vote_recorded(game, vote, game_locked=game_locked)
