"""`make bench`: vote submission throughput against gunicorn (the app, the minimal correct vote
and a bare Django view, side by side in one run), thread polls of 1,000 readers against the
bare view, the day end's wall time and query count at 100 and 1,000 players, a web worker's
peak memory, the live channel's 1,000 open streams against 10-second polling (bench/live.py,
also alone), the pig game's deals simulated per second (bench/pigs.py, also alone) and the
balance estimate's computer games per second (bench/estimates.py, also alone).

Runs on SQLite (bench/var/bench.sqlite3, recreated each run) or on PostgreSQL when DATABASE_URL
is set (point it at a scratch database: the benchmark writes its own games into it); the cache
is Redis when REDIS_URL is set (as in production), else each process's own. All traffic stays
on 127.0.0.1, on ports BENCH_PORT to BENCH_PORT + 4 (default 8765); the run takes about five
minutes."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

from bench.day_end import HISTORY_DAYS, day_end_benchmark  # noqa: E402
from bench.estimates import print_estimates_benchmark  # noqa: E402
from bench.games import build_game, reset_database  # noqa: E402
from bench.live import print_live_benchmark  # noqa: E402
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
from bench.moderator_pages import print_moderator_pages  # noqa: E402
from bench.pigs import print_pigs_benchmark  # noqa: E402
from bench.polls import READERS, read_thread, reader_requests  # noqa: E402
from bench.sessions import session_cookie  # noqa: E402
from game.models import Player, Vote  # noqa: E402
from game.services.lobby.accounts import api_token_create  # noqa: E402

APP_PORT = int(os.environ.get("BENCH_PORT", "8765"))
MINIMAL_PORT, BARE_PORT = APP_PORT + 1, APP_PORT + 2
PHASE_SECONDS = float(os.environ.get("BENCH_SECONDS", "8"))
CONCURRENCY = (50, 300)
WARM_UP = 2.0
# On PostgreSQL the app and the minimal vote are loaded at the same time, each with its own
# clients, so that whatever else the machine does weighs on both alike. On SQLite one after the
# other: two servers at once would measure nothing but the database file's write lock.
SIDE_BY_SIDE = connection.vendor == "postgresql"


def vote_requests(players: list[Player], path: str) -> list[bytes]:
    body = json.dumps({"target_id": players[-1].pk}).encode()
    tokens = [api_token_create(user=p.user, name="bench")[1] for p in players[:-1]]
    return [http_request("POST", path, body, {"Authorization": f"Bearer {raw}"}) for raw in tokens]


def http_benchmark() -> tuple[dict, float, dict[str, tuple[int, int]]]:
    app_game, app_players = build_game(max(CONCURRENCY) + 1, "votes")
    minimal_game, minimal_players = build_game(max(CONCURRENCY) + 1, "minimal")
    _, readers = build_game(READERS + 1, "polls")
    app_votes = vote_requests(app_players, f"/api/v1/games/{app_game.pk}/votes")
    minimal_votes = vote_requests(minimal_players, f"/api/v1/games/{minimal_game.pk}/votes")
    bare_vote = [http_request("POST", "/bare", json.dumps({"target_id": 1}).encode())]
    cookies = [session_cookie(player.user) for player in readers[:READERS]]
    first_polls, follow_poll = reader_requests(read_thread(readers), cookies)
    connection.close()
    servers = {
        "app": (serve("bench.settings", APP_PORT), APP_PORT),
        "minimal": (serve("bench.minimal_settings", MINIMAL_PORT), MINIMAL_PORT),
        "bare": (serve("bench.bare_settings", BARE_PORT), BARE_PORT),
    }
    try:
        for _, port in servers.values():
            wait_ready(port)
        # Unmeasured: every worker thread opens its connection and Django and django-ninja
        # build what they build on the first requests (the votes count for "no vote lost").
        results = {
            ("app", "warm-up"): run_load(APP_PORT, app_votes, 16, {201}, seconds=WARM_UP),
            ("minimal", "warm-up"): run_load(
                MINIMAL_PORT, minimal_votes, 16, {201}, seconds=WARM_UP
            ),
        }
        for clients in CONCURRENCY:
            app_load = load(APP_PORT, app_votes, clients, PHASE_SECONDS, {201}, unchanged)
            minimal_load = load(
                MINIMAL_PORT, minimal_votes, clients, PHASE_SECONDS, {201}, unchanged
            )
            if SIDE_BY_SIDE:
                app, minimal = asyncio.run(side_by_side(app_load, minimal_load))
            else:
                app, minimal = asyncio.run(app_load), asyncio.run(minimal_load)
            results[("app", clients)], results[("minimal", clients)] = app, minimal
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


def run_load(
    port: int, requests, clients: int, ok: set[int], then=unchanged, seconds=PHASE_SECONDS
) -> dict:
    return asyncio.run(load(port, requests, clients, seconds, ok, then))


async def side_by_side(*loads) -> list[dict]:
    return await asyncio.gather(*loads)


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
    print_moderator_pages()
    print_live_benchmark()
    print_pigs_benchmark()
    print_estimates_benchmark()


if __name__ == "__main__":
    main()
