"""Casting votes (R5-R8) and the mayor's office as far as votes need it (R8)."""

import datetime as dt
from collections.abc import Mapping

from django.db import transaction

from game.errors import ConflictError, GameRuleError
from game.models import Game, GameStatus, Player, User, Visibility, Vote, VoteCondition
from game.rulesets.ballots import split_refusal, split_vote_text
from game.rulesets.classic.day import vote_text, voting_refusal
from game.rulesets.live_action.votes import FIRST_DAY
from game.rulesets.phases import DAY
from game.rulesets.registry import ruleset_named
from game.rulesets.ruleset import Ruleset
from game.services.days.forum_day import vote_recorded
from game.services.ids import storable_ids
from game.services.items_offices.petitions import office_leave, office_take
from game.services.live_channel import publish
from game.services.locking import lock_current_day_shared, lock_game
from game.services.log import log_append
from game.snapshots.forum_day import WITHDRAWN
from game.snapshots.votes import vote_day

NOTE_MAX_LENGTH = 1000


@transaction.atomic
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
) -> Vote:
    """Record a submission; only the latest of a day counts (R5). `split` places the voter's
    votes on several players (player id to votes), where the rule set allows it
    (`Ruleset.ballots`); the votes not placed are withheld if it allows that. `target_id` None is No
    Execution (day 1 only, R6). A fallback and its condition go together (R7). `for_day` is the
    day the voter saw: a vote meant for a day that has meanwhile ended is refused, not moved.

    The vote is recorded at `now`, by default the database's clock read with the day's lock (one
    clock for every host); a vote that waited for a day end is recorded after that end."""
    day = lock_current_day_shared(game_id)
    if day is None or day.game_status != GameStatus.RUNNING:
        raise GameRuleError("The game is not running: there is nothing to vote on.")
    if now is None:
        now = max(day.db_now, day.ended_at) if day.ended_at is not None else day.db_now
    night_and_day = ruleset_named(day.game_ruleset).night_and_day
    if night_and_day:
        number = _night_and_day_vote_day(day, now)
    else:
        number = vote_day(day, now, day.game_clock_paused_at)
    if for_day is not None and for_day != number:
        raise ConflictError(
            f"Day {for_day} has ended, so this vote was not recorded. Vote again for day {number}."
        )
    split = dict(split or {})
    if split and not night_and_day:
        raise GameRuleError("Votes of this game go to one player: they cannot be split.")
    wanted = {pk for pk in (voter_id, target_id, fallback_id, *split) if pk is not None}
    players = {
        p.pk: p
        for p in Player.objects.filter(game_id=game_id, pk__in=storable_ids(wanted))
        .only("id", "name", "alive", "state")
        .order_by()
    }
    voter = players.get(voter_id)
    if voter is None:
        raise GameRuleError("Only players of this game can vote.")
    # A classic refusal cites the classic ruling (C5), a live-action one its own (R5, R6).
    ruling = "C5" if night_and_day else "R5"
    if not voter.alive:
        raise GameRuleError(f"Dead players do not vote ({ruling}).")
    if target_id is None:
        if number != FIRST_DAY and not night_and_day:
            raise GameRuleError("No Execution may be voted on day 1 only (R6): choose a player.")
    else:
        _living_target(players, target_id, "your vote", "C5" if night_and_day else "R6")
    condition = condition or ""
    if condition and condition not in VoteCondition.values:
        raise GameRuleError("Choose one of the offered conditions.", field="condition")
    if bool(condition) != (fallback_id is not None):
        raise GameRuleError(
            "A fallback needs a condition and a condition needs a fallback (R7).",
            field="condition" if fallback_id is not None else "fallback",
        )
    if fallback_id is not None:
        _living_target(players, fallback_id, "the fallback", "R6")
        if fallback_id == target_id:
            raise GameRuleError("The fallback must differ from your vote.", field="fallback")
    if len(note) > NOTE_MAX_LENGTH:
        raise GameRuleError(f"The note is too long (at most {NOTE_MAX_LENGTH} characters).")
    if night_and_day and (fallback_id is not None or condition):
        raise GameRuleError("Votes of this game have no fallback (C5).", field="fallback")
    if split:
        _split_check(ruleset_named(day.game_ruleset), voter, players, split, target_id, ruling)
    vote = Vote.objects.create(
        game_id=game_id,
        day=number,
        voter=voter,
        target_id=target_id,
        fallback_id=fallback_id,
        condition=condition,
        note=note.strip(),
        cast_at=now,
        split={str(pk): n for pk, n in split.items()},
    )
    if night_and_day:
        target = players[target_id].name if target_id is not None else None
        game = Game.objects.get(pk=game_id)
        shares = [(players[pk].name, n) for pk, n in sorted(split.items())]
        log_append(
            game=game,
            kind="vote_public",
            text=split_vote_text(voter.name, shares)
            if split
            else vote_text(voter.name, target, withdrawn=vote.note == WITHDRAWN),
            visibility=Visibility.PUBLIC,
            now=now,
        )
        vote_recorded(game, vote)
    # Who may see the running count hears of a vote: everyone in night-and-day games (C5),
    # else the moderators alone until the day ends (R50).
    publish(f"game-{game_id}" if night_and_day else f"queue-{game_id}", "vote")
    return vote


def _night_and_day_vote_day(day, now: dt.datetime) -> int:
    """The day a vote of a night-and-day game counts for: the open day, which is not day 0
    (C1, C5). By night, or once the day has ended, a vote is refused with 409."""
    if day.game_phase != DAY or day.ended_at is not None or now >= day.ends_at:
        raise ConflictError("It is night: the town votes by day (C5).")
    refusal = voting_refusal(day.number)
    if refusal:
        raise GameRuleError(refusal)
    return day.number


def _split_check(
    rules: Ruleset,
    voter: Player,
    players: dict[int, Player],
    split: dict,
    target_id: int | None,
    ruling: str,
) -> None:
    """A split ballot names living players only, and the rule set's ballots allow it."""
    if target_id is not None:
        raise GameRuleError("Split your votes, or vote for one player: not both.")
    for pk in split:
        _living_target(players, pk, "your split vote", ruling)
    refusal = split_refusal(rules.ballots, split, rules.ballots.weight(voter.state or {}))
    if refusal:
        raise GameRuleError(refusal, field="split")


def _living_target(players: dict[int, Player], player_id: int, what: str, ruling: str) -> Player:

    target = players.get(player_id)
    if target is None:
        raise GameRuleError(f"Choose a player of this game for {what}.")
    if not target.alive:
        raise GameRuleError(f"{target.name} is dead: choose a living player for {what} ({ruling}).")
    return target


@transaction.atomic
def mayor_set(
    *, game_id: int, player_id: int | None, by: User, now: dt.datetime, reason: str = ""
) -> Game:
    """A moderator's override of the office of mayor, whose vote counts three (R8); None leaves
    it empty. Petitions end as after an election or impeachment (R46)."""
    game = lock_game(game_id)
    if game.status != GameStatus.RUNNING:
        raise GameRuleError("The game is not running.")
    mayor = None
    if player_id is not None:
        mayor = Player.objects.filter(game=game, pk=player_id).first()
        if mayor is None:
            raise GameRuleError("That player is not in this game.")
        if not mayor.alive:
            raise GameRuleError(f"{mayor.name} is dead and cannot be mayor.")
    if mayor is not None:
        office_take(game=game, office="mayor", player=mayor, now=now)
    else:
        office_leave(game=game, office="mayor", now=now)
    log_append(
        game=game,
        kind="mayor_set",
        text=f"{mayor.name} is now the mayor." if mayor else "The office of mayor is empty.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
        reason=reason,
    )
    return game
