"""A moderator asks for a balance estimate of their game's setup."""

from __future__ import annotations

import datetime as dt
import re
import secrets

from celery import current_app
from django.db import transaction

from game.errors import GameRuleError
from game.models import BalanceEstimate, Game
from game.rulesets.balance import counts_refusal, plan_for, variant_games_for
from game.rulesets.balance.simulations import SIMULATIONS, Simulation
from game.services.locking import lock_game

RUN_TASK = "game.tasks.estimate_run"
MIN_GAMES = 100
MAX_GAMES = 5000
SEED = re.compile(r"[A-Za-z0-9_-]{1,64}")
START_GRACE = dt.timedelta(seconds=60)
"""How long a new estimate waits for its task before the periodic job sends another."""


def estimate_enqueue(estimate_id: int) -> None:
    """After the writer commits, the worker's run; a broker that cannot take it leaves the row
    due for the periodic job."""
    transaction.on_commit(
        lambda: current_app.signature(RUN_TASK, args=(estimate_id,)).delay(), robust=True
    )


def estimated_counts(game: Game, simulation: Simulation, players: int) -> dict[str, int]:
    """The game's setup for `players`: its role counts (the rule set's defaults where it names
    none), or the defaults for that many where the rule set's setup is dealt at the table (M1)."""
    if not simulation.setup_from_game:
        return simulation.defaults(players)
    roles = game.rules.setup_of(game.setup, players).roles
    return {code: roles.get(code, 0) for code, _ in simulation.parts}


def _checked(game: Game, players: int, games: int, seed: str) -> tuple[Simulation, dict[str, int]]:
    simulation = SIMULATIONS.get(game.ruleset)
    if simulation is None:
        raise GameRuleError(
            f"The {game.rules.name} rule set has no computer players, so nothing can estimate "
            "its balance."
        )
    if not MIN_GAMES <= games <= MAX_GAMES:
        raise GameRuleError(
            f"Ask for {MIN_GAMES} to {MAX_GAMES} games; {games} is not.", field="games"
        )
    if seed and not SEED.fullmatch(seed):
        raise GameRuleError(
            "A seed is 1 to 64 letters, digits, dashes and underscores.", field="seed"
        )
    if not simulation.min_players <= players <= simulation.max_players:
        raise GameRuleError(
            f"Estimate a setup of {simulation.min_players} to {simulation.max_players} players; "
            f"{players} is not.",
            field="players",
        )
    counts = estimated_counts(game, simulation, players)
    refusal = counts_refusal(counts, players, simulation)
    if refusal:
        raise GameRuleError(f"This setup cannot be dealt: {refusal}", field="players")
    return simulation, counts


def estimate_request(
    *, game_id: int, by, players: int, games: int, now: dt.datetime, seed: str = ""
) -> BalanceEstimate:
    """A new estimate of the game's setup for `players`, `games` games, queued for the worker;
    one at a time a game, so that a run finishes before another starts. Its games are drawn
    from `seed` (a new one when empty): the same seed repeats the same games (C8)."""
    with transaction.atomic():
        game = lock_game(game_id)
        simulation, counts = _checked(game, players, games, seed)
        running = BalanceEstimate.objects.filter(game=game, finished_at__isnull=True).first()
        if running is not None:
            raise GameRuleError(
                f"An estimate of this game is still running ({running.played} of "
                f"{running.total} games): wait for it to finish."
            )
        variant_games = variant_games_for(games)
        plan = plan_for(simulation, counts, players, games, variant_games)
        estimate = BalanceEstimate.objects.create(
            game=game,
            requested_by=by,
            requested_at=now,
            ruleset=game.ruleset,
            players=players,
            counts=counts,
            games=games,
            variant_games=variant_games,
            seed=seed or secrets.token_hex(8),
            total=plan.total,
            due_at=now + START_GRACE,
        )
        estimate_enqueue(estimate.pk)
    return estimate
