"""`make bench`: vote submission throughput against gunicorn (the app, the minimal correct vote
and a bare Django view, side by side in one run), thread polls of 1,000 readers against the
bare view, the day end's wall time and query count at 100 and 1,000 players, and a web
worker's peak memory.

Runs on SQLite (bench/var/bench.sqlite3, recreated each run) or on PostgreSQL when DATABASE_URL
is set (point it at a scratch database: the benchmark writes its own games into it); the cache
is Redis when REDIS_URL is set (as in production), else each process's own. All traffic stays
on 127.0.0.1, on ports BENCH_PORT to BENCH_PORT + 2 (default 8765); the run takes about three
minutes."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import random
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.load import (  # noqa: E402
    THREADS,
    WORKERS,
    http_request,
    load,
    peak_worker_memory_mb,
    serve,
    unchanged,
    wait_ready,
    warm_up,
)
from bench.polls import READERS, reader_requests  # noqa: E402
from game.models import (  # noqa: E402
    Day,
    Game,
    Item,
    ItemKind,
    KillerAlignment,
    KillRecord,
    Player,
    User,
    Vote,
)
from game.rules.roles import Role  # noqa: E402
from game.services.accounts import api_token_create  # noqa: E402
from game.services.deadlines import process_due_events  # noqa: E402
from game.services.end_of_day import poison_schedule  # noqa: E402
from game.services.games import game_create  # noqa: E402
from game.services.locking import lock_game  # noqa: E402
from game.services.setup import game_start  # noqa: E402

APP_PORT = int(os.environ.get("BENCH_PORT", "8765"))
MINIMAL_PORT, BARE_PORT = APP_PORT + 1, APP_PORT + 2
PHASE_SECONDS = float(os.environ.get("BENCH_SECONDS", "8"))
CONCURRENCY = (50, 300)
HISTORY_DAYS = 30
MAFIA = 5
UNUSABLE_PASSWORD = "!"  # noqa: S105 (Django's marker for "no password")


def reset_database() -> None:
    if connection.vendor == "sqlite":
        connection.close()
        for suffix in ("", "-wal", "-shm"):
            Path(str(connection.settings_dict["NAME"]) + suffix).unlink(missing_ok=True)
    call_command("migrate", verbosity=0)


def build_game(size: int, tag: str, *, days_ago: int = 0) -> tuple[Game, list[Player]]:
    """A started game of `size` players, the first five mafia, built in bulk."""
    moderator = User.objects.create(username=f"bench-{tag}-mod")
    game = game_create(created_by=moderator, name=f"Bench {tag}", now=timezone.now())
    users = User.objects.bulk_create(
        User(username=f"bench-{tag}-{i}", password=UNUSABLE_PASSWORD) for i in range(size)
    )
    Player.objects.bulk_create(
        Player(
            game=game,
            user=user,
            name=f"{tag}-{i}",
            role=Role.MAFIA if i < MAFIA else Role.TOWNIE,
        )
        for i, user in enumerate(users)
    )
    started = timezone.now() - dt.timedelta(days=days_ago)
    game_start(game_id=game.pk, by=moderator, now=started)
    return Game.objects.get(pk=game.pk), list(game.players.order_by("id"))


# --- Vote submission and polls over HTTP ------------------------------------------------


def vote_requests(players: list[Player], path: str) -> list[bytes]:
    body = json.dumps({"target_id": players[-1].pk}).encode()
    tokens = [api_token_create(user=p.user, name="bench")[1] for p in players[:-1]]
    return [http_request("POST", path, body, {"Authorization": f"Bearer {raw}"}) for raw in tokens]


def http_benchmark() -> tuple[dict, float, dict[str, tuple[int, int]]]:
    app_game, app_players = build_game(max(CONCURRENCY) + 1, "votes")
    minimal_game, minimal_players = build_game(max(CONCURRENCY) + 1, "minimal")
    readers_game, readers = build_game(READERS + 1, "polls")
    app_votes = vote_requests(app_players, f"/api/v1/games/{app_game.pk}/votes")
    minimal_votes = vote_requests(minimal_players, f"/api/v1/games/{minimal_game.pk}/votes")
    bare_vote = [http_request("POST", "/bare", json.dumps({"target_id": 1}).encode())]
    first_polls, follow_poll = reader_requests(readers)
    connection.close()
    servers = {
        "app": (serve("bench.settings", APP_PORT), APP_PORT),
        "minimal": (serve("bench.minimal_settings", MINIMAL_PORT), MINIMAL_PORT),
        "bare": (serve("bench.bare_settings", BARE_PORT), BARE_PORT),
    }
    try:
        for _, port in servers.values():
            wait_ready(port)
        results = {}
        for clients in CONCURRENCY:
            for kind, requests in (("app", app_votes), ("minimal", minimal_votes)):
                results[(kind, clients)] = run_load(servers[kind][1], requests, clients, {201})
            results[("bare", clients)] = run_load(BARE_PORT, bare_vote, clients, {201})
        polls = warm_up(APP_PORT, first_polls, follow_poll)
        results[("polls", READERS)] = run_load(APP_PORT, polls, READERS, {200, 204}, follow_poll)
        results[("bare polls", READERS)] = run_load(
            BARE_PORT, [http_request("GET", "/bare")], READERS, {201}
        )
        memory = peak_worker_memory_mb(servers["app"][0])
    finally:
        for server, _ in servers.values():
            server.terminate()
            server.wait(timeout=30)
    counted = {
        kind: (
            sum(r["ok"] for (k, _), r in results.items() if k == kind),
            Vote.objects.filter(game=game).count(),
        )
        for kind, game in (("app", app_game), ("minimal", minimal_game))
    }
    return results, memory, counted


def run_load(port: int, requests: list[bytes], clients: int, ok: set[int], then=unchanged):
    return asyncio.run(load(port, requests, clients, PHASE_SECONDS, ok, then))


# --- Day end ------------------------------------------------------------------------------


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


def main() -> None:
    cache = "Redis" if os.environ.get("REDIS_URL") else "per process"
    print(f"Database: {connection.vendor}; cache: {cache}; gunicorn {WORKERS} x {THREADS} threads")
    reset_database()
    results, memory, counted = http_benchmark()
    print("\nVote submission: POST /api/v1/games/{id}/votes (bearer token, one per player)")
    for clients in CONCURRENCY:
        app, minimal, bare = (results[(kind, clients)] for kind in ("app", "minimal", "bare"))
        for kind, r in (("app", app), ("minimal", minimal), ("bare", bare)):
            print(
                f"  {kind:7} {clients:3} clients: {r['rps']:8.1f} req/s  p50 {r['p50_ms']:7.1f} ms"
                f"  p99 {r['p99_ms']:7.1f} ms  statuses {r['statuses']}"
            )
        print(
            f"  ratio app/minimal at {clients}: {app['rps'] / minimal['rps']:.2f} (target >= 0.8);"
            f" app/bare {app['rps'] / bare['rps']:.2f}"
        )
    for kind, (acknowledged, stored) in counted.items():
        lost = acknowledged - stored
        print(f"  {kind} votes acknowledged {acknowledged}, stored {stored}, lost {lost} (0)")
    polls, bare = results[("polls", READERS)], results[("bare polls", READERS)]
    unchanged_share = polls["statuses"].get(204, 0) / max(1, polls["ok"])
    print(f"\nThread polls: {READERS} readers of one thread, each polling as fast as answered")
    for kind, r in (("polls", polls), ("bare", bare)):
        print(
            f"  {kind:5} {r['rps']:8.1f} req/s  p50 {r['p50_ms']:7.1f} ms"
            f"  p99 {r['p99_ms']:7.1f} ms  statuses {r['statuses']}"
        )
    print(
        f"  ratio polls/bare: {polls['rps'] / bare['rps']:.2f};"
        f" answered from the cache (204): {unchanged_share:.0%}"
    )
    print(f"\nPeak memory of one app worker: {memory:.1f} MB (target < 200 MB)")
    print(f"\nDay end with {HISTORY_DAYS} days of vote history")
    figures = {size: day_end_benchmark(size) for size in (100, 1000)}
    for size, (elapsed, queries) in figures.items():
        print(f"  {size:5} players: {elapsed * 1000:8.1f} ms  {queries} queries")
    (t100, q100), (t1000, q1000) = figures[100], figures[1000]
    print(f"  queries equal: {q100 == q1000}; time ratio 1000/100: {t1000 / t100:.1f} (<= 12)")


if __name__ == "__main__":
    main()
