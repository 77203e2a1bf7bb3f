"""The effectful steps of the day on the phase engine (C1-C8): classic's greeting of day 0, and
the day vote's end of every rule set whose day votes, in its day's words (the dawn is
services.nights.dawn). Registered by name in
services.hooks; they run inside the phase end's transaction with the game locked."""

import datetime as dt

from game.models import (
    DayResult,
    Game,
    GamePhase,
    Visibility,
    Vote,
)
from game.rulesets.base import EXECUTED
from game.rulesets.classic import day as classic_day
from game.rulesets.phases import draw_rng
from game.services.killing.deaths import player_die
from game.services.log import log_append

NO_ONE_KEY = DayResult.NO_EXECUTION_KEY


def day_zero_greeting(game: Game, phase: GamePhase, at: dt.datetime) -> None:
    """Seed 002: the greeting of day 0 (C1), in Town Square."""
    if phase.number == game.rules.first_day:
        log_append(
            game=game,
            kind="phase_announcement",
            text=classic_day.day_zero_text(),
            visibility=Visibility.PUBLIC,
            now=at,
        )


def day_vote(game: Game, phase: GamePhase, at: dt.datetime) -> None:
    """The day's end of a rule set on the phase engine whose day has a vote (C5, C6), announced
    in the words of its day (`DaySpec`): no vote on a day without one (classic's day 0);
    otherwise the option with most votes wins, a missing vote counting for no one, ties drawn
    from the game's seed; the result is stored and announced, and the executed player dies
    (the win check follows as a death hook)."""
    if game.rules.day.voting_refusal(phase.number):
        return
    outcome, ballots, weights, living = _tally(game, phase, at)
    executed = game.players.get(pk=outcome.executed) if outcome.executed is not None else None
    DayResult.objects.create(
        game=game,
        day=phase.number,
        totals={_key(t): n for t, n in outcome.totals.items()},
        counted=[
            [v, _key(ballots.get(v)), weights[v], "vote" if v in ballots else "missing"]
            for v in living
        ],
        executed=executed,
        reason=outcome.reasons[-1].code,
        created_at=at,
    )
    reveal = (executed.name, game.rules.role(executed.role).reveal) if executed else None
    log_append(
        game=game,
        kind="execution",
        text=game.rules.day.announcement(reveal),
        visibility=Visibility.PUBLIC,
        now=at,
    )
    if executed is not None:
        player_die(game=game, player=executed, at=at, cause=EXECUTED.code, day=phase.number)


def _tally(
    game: Game, phase: GamePhase, at: dt.datetime
) -> tuple[classic_day.DayOutcome, dict[int, int | None], dict[int, int], list[int]]:
    """The day's latest ballots of the living (R5, C5), each voter's weight and splits as the
    rule set's ballots allow, and the outcome they give."""
    living_players = list(game.players.filter(alive=True).order_by("id"))
    living = [p.pk for p in living_players]
    weights = {p.pk: game.rules.day.weight(p.state or {}) for p in living_players}
    ballots: dict[int, int | None] = {}
    splits: dict[int, dict[int, int]] = {}
    for voter_id, target_id, split in (
        Vote.objects.filter(game=game, day=phase.number, voter_id__in=living, cast_at__lt=at)
        .order_by("cast_at", "id")
        .values_list("voter_id", "target_id", "split")
    ):
        ballots[voter_id] = target_id
        splits[voter_id] = {int(pk): n for pk, n in (split or {}).items()}
    outcome = classic_day.day_outcome(
        ballots,
        living,
        draw_rng(game.random_seed, f"day {phase.number}"),
        splits=splits,
        weights=weights,
    )
    return outcome, ballots, weights, living


def _key(target: int | None) -> str:
    return NO_ONE_KEY if target is None else str(target)
