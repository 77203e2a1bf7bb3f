"""The worker's side of an estimate: a run claims the row, plays chunk after chunk and saves
each with its progress; the periodic job sends a new run for a row whose run stopped.

Every game's draws come from the estimate's seed and the game's place in the plan (C8), so a
chunk played twice counts the same, and a save names the progress it continues from and the
run that holds the row: a chunk is counted once, by the one run that holds the row."""

from __future__ import annotations

import datetime as dt
import time
import uuid
from collections import Counter

from django.db import transaction
from django.db.models import Q

from game.models import BalanceEstimate
from game.rulesets.balance import game_seed, plan_for
from game.rulesets.balance.simulations import SIMULATIONS
from game.services.estimates.requests import START_GRACE, estimate_enqueue

LEASE = dt.timedelta(seconds=120)
"""A run saves a chunk well within this; a row not saved for this long is due again."""
CHUNK_GAMES = 250
CHUNK_SECONDS = 1.0


def estimate_claim(*, estimate_id: int, now: dt.datetime) -> str:
    """The row for a new run, unless a live run holds it or it is finished: the run's token,
    or ""."""
    token = uuid.uuid4().hex
    with transaction.atomic():
        claimed = (
            BalanceEstimate.objects.filter(pk=estimate_id, finished_at__isnull=True)
            .filter(Q(runner="") | Q(due_at__lte=now))
            .update(runner=token, due_at=now + LEASE)
        )
    return token if claimed else ""


def _play(estimate: BalanceEstimate, most: int, seconds: float) -> tuple[str, Counter[str], int]:
    """Games from where the estimate stands, within one variant: at most `most`, and no more
    once `seconds` have passed (one game at least)."""
    simulation = SIMULATIONS[estimate.ruleset]
    plan = plan_for(
        simulation, estimate.counts, estimate.players, estimate.games, estimate.variant_games
    )
    variant, number, left = plan.at(estimate.played)
    won: Counter[str] = Counter()
    started = time.monotonic()
    for offset in range(min(most, left)):
        seed = game_seed(estimate.seed, variant, number + offset)
        won[simulation.winner_of(variant.counts, variant.players, seed) or "none"] += 1
        if time.monotonic() - started >= seconds:
            break
    return variant.key, won, sum(won.values())


def estimate_step(
    *,
    estimate_id: int,
    runner: str,
    now: dt.datetime,
    most: int = CHUNK_GAMES,
    seconds: float = CHUNK_SECONDS,
) -> bool:
    """One chunk of the run `runner`, saved with the progress; whether the run goes on (False
    once finished, or when the row is no longer this run's)."""
    estimate = BalanceEstimate.objects.filter(pk=estimate_id, runner=runner).first()
    if estimate is None or estimate.finished:
        return False
    key, won, played = _play(estimate, most, seconds)
    results = {k: dict(v) for k, v in estimate.results.items()}
    results[key] = dict(Counter(results.get(key, {})) + won)
    done = estimate.played + played >= estimate.total
    with transaction.atomic():
        saved = BalanceEstimate.objects.filter(
            pk=estimate_id, runner=runner, played=estimate.played, finished_at__isnull=True
        ).update(
            played=estimate.played + played,
            results=results,
            due_at=None if done else now + LEASE,
            finished_at=now if done else None,
        )
    return bool(saved) and not done


def estimates_restart_due(*, now: dt.datetime) -> int:
    """The periodic job's part: a new run for every unfinished estimate whose run stopped (its
    row not saved for `LEASE`) or never started; the row waits `START_GRACE` for it."""
    with transaction.atomic():
        due = list(
            BalanceEstimate.objects.select_for_update(skip_locked=True)
            .filter(finished_at__isnull=True, due_at__lte=now)
            .values_list("pk", flat=True)
        )
        BalanceEstimate.objects.filter(pk__in=due).update(runner="", due_at=now + START_GRACE)
        for estimate_id in due:
            estimate_enqueue(estimate_id)
    return len(due)
