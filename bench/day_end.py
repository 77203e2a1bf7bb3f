"""The day end's wall time and query count with 30 days of vote history (Django set up)."""

from __future__ import annotations

import random
import time

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from bench.games import build_game
from game.models import Day, Game, Item, KillerAlignment, KillRecord, Vote
from game.rulesets.live_action.items import ItemKind
from game.rulesets.live_action.roles import Role
from game.services.days.end_of_day import poison_schedule
from game.services.deadlines import process_due_events
from game.services.locking import lock_game

HISTORY_DAYS = 30


def day_end_benchmark(size: int) -> tuple[float, int]:
    """Wall time and queries of the 31st day end of a `size`-player game (30 days of votes)."""
    game, players = build_game(size, f"dayend{size}", days_ago=HISTORY_DAYS + 5)
    rng = random.Random(size)
    for _ in range(HISTORY_DAYS):
        day = Day.objects.get(game=game, number=Game.objects.get(pk=game.pk).current_day)
        _day_votes(game, day, rng)
        process_due_events(now=day.ends_at)
    game.refresh_from_db()
    day = Day.objects.get(game=game, number=game.current_day)
    living = list(game.players.filter(alive=True, role=Role.TOWNIE).order_by("id"))
    condemned, poisoned = living[0], living[1]
    Item.objects.create(game=game, kind=ItemKind.SHOVEL, holder=condemned)
    with transaction.atomic():
        poison_schedule(
            game=lock_game(game.pk), victim=poisoned, day=day.number - 2, now=day.started_at
        )
    voters = list(game.players.filter(alive=True))
    Vote.objects.bulk_create(
        Vote(game=game, day=day.number, voter=v, target=condemned, cast_at=day.started_at)
        for v in voters
    )
    KillRecord.objects.create(
        game=game,
        day=day.number,
        killer=players[0],
        killer_alignment=KillerAlignment.MAFIA,
        happened_at=day.started_at,
    )
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        process_due_events(now=day.ends_at)
        elapsed = time.perf_counter() - started
    condemned.refresh_from_db()
    assert not condemned.alive, "the day end under test executes a player"
    return elapsed, len(queries)


def _day_votes(game: Game, day: Day, rng: random.Random) -> None:
    living = list(game.players.filter(alive=True).order_by("id"))
    suspects = [p for p in living if p.role == Role.TOWNIE][:8]
    Vote.objects.bulk_create(
        Vote(
            game=game, day=day.number, voter=v, target=rng.choice(suspects), cast_at=day.started_at
        )
        for v in living
    )
    KillRecord.objects.create(
        game=game,
        day=day.number,
        killer=living[0],
        killer_alignment=KillerAlignment.MAFIA,
        happened_at=day.started_at,
    )
