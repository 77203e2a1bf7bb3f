"""The classic rule set's effectful steps (C1-C8): the greeting of day 0, the dawn (the night's
resolution, its announcement in Town Square, the cop's private result, the death) and the day
vote's execution. Registered by name in services.hooks; they run inside the phase end's
transaction with the game locked."""

import datetime as dt

from game.models import (
    DayResult,
    Game,
    GamePhase,
    Visibility,
    Vote,
)
from game.rulesets.base import EXECUTED, KILLED
from game.rulesets.classic import day as classic_day
from game.rulesets.phases import draw_rng
from game.rulesets.reasons import rendered
from game.services.killing.deaths import player_die
from game.services.log import log_append
from game.snapshots.nights import dawn_preview

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


def dawn(game: Game, phase: GamePhase, at: dt.datetime) -> None:
    """The night's end (C2-C4, C6): the dawn post in Town Square with the victim and their role
    and the living players, the cop's result to the cop alone, the reasons to the moderators,
    then the death, after which the win check runs (a death hook)."""
    outcome, players = dawn_preview(game, phase.number)
    names = {pk: p.name for pk, p in players.items()}
    victim = players.get(outcome.victim) if outcome.victim is not None else None
    # C9: the living are listed in seat order, as the bots' players file lists them.
    seated = sorted(players.values(), key=lambda p: (p.seat is None, p.seat or 0, p.name))
    living = [p.name for p in seated if p.alive and p != victim]
    log_append(
        game=game,
        kind="night_resolved",
        text="Dawn: " + " ".join(rendered(outcome.reasons, names)),
        visibility=Visibility.MODERATORS,
        now=at,
    )
    reveal = (victim.name, game.rules.role(victim.role).reveal) if victim else None
    log_append(
        game=game,
        kind="dawn",
        text=classic_day.dawn_text(phase.number + 1, reveal, living),
        visibility=Visibility.PUBLIC,
        now=at,
    )
    for result in outcome.cop_results:
        log_append(
            game=game,
            kind="investigation_result",
            text=classic_day.investigation_text(names[result.target], result.alignment),
            visibility=Visibility.PLAYERS,
            recipients=[players[result.cop]],
            now=at,
        )
    if victim is not None:
        player_die(game=game, player=victim, at=at, cause=KILLED.code, day=phase.number)


def day_vote(game: Game, phase: GamePhase, at: dt.datetime) -> None:
    """The day's end (C5, C6): no vote on day 0; otherwise the option with most votes wins, a
    missing vote counting for no one, ties drawn from the game's seed; the result is stored and
    announced, and the executed player dies (the win check follows as a death hook)."""
    if classic_day.voting_refusal(phase.number):
        return
    living = list(game.players.filter(alive=True).values_list("pk", flat=True).order_by("id"))
    ballots: dict[int, int | None] = {}
    for voter_id, target_id in (
        Vote.objects.filter(game=game, day=phase.number, voter_id__in=living, cast_at__lt=at)
        .order_by("cast_at", "id")
        .values_list("voter_id", "target_id")
    ):
        ballots[voter_id] = target_id
    outcome = classic_day.day_outcome(
        ballots, living, draw_rng(game.random_seed, f"day {phase.number}")
    )
    executed = game.players.get(pk=outcome.executed) if outcome.executed is not None else None
    DayResult.objects.create(
        game=game,
        day=phase.number,
        totals={_key(t): n for t, n in outcome.totals.items()},
        counted=[
            [v, _key(ballots.get(v)), 1, "vote" if v in ballots else "missing"] for v in living
        ],
        executed=executed,
        reason=outcome.reasons[-1].code,
        created_at=at,
    )
    reveal = (executed.name, game.rules.role(executed.role).reveal) if executed else None
    log_append(
        game=game,
        kind="execution",
        text=classic_day.execution_text(reveal),
        visibility=Visibility.PUBLIC,
        now=at,
    )
    if executed is not None:
        player_die(game=game, player=executed, at=at, cause=EXECUTED.code, day=phase.number)


def _key(target: int | None) -> str:
    return NO_ONE_KEY if target is None else str(target)
