"""`make bench-live`: the live channel at scale, through nginx as shipped (bench/live_stack.py:
TLS, the shipped nginx configuration, gunicorn, the live service with 2 uvicorn workers, a
Redis of the channel's own), loopback only. For each N of BENCH_LIVE_SIZES (1,000, 5,000 and
10,000) pages of 4 per user, held by BENCH_LIVE_READERS processes (bench/live_readers.py):

- the time to open the N streams, the live service's memory and threads per stream, the
  channel Redis's connections, the live service's CPU while the streams idle;
- publish -> receipt (p50/p99/max) of a real post (the API through nginx), and events lost;
- a reconnect storm: every stream dropped and reopened at once with Last-Event-ID, a post made
  meanwhile; the time until all are back, the 503s, workers killed, the post's receipts lost;
- a Redis restart: the channel's Redis stopped for 5 s (a post made meanwhile must be stored,
  201), then back: the time until every stream has `stale`, and a post after it.

Needs PostgreSQL (BENCH_DATABASE_URL, a scratch database it recreates), Redis for the cache
(BENCH_CACHE_URL), nginx and openssl. Raises its own file limit. Prints the machine's load."""

from __future__ import annotations

import http.client
import json
import os
import resource
import ssl
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

from bench.live_readers import Readers  # noqa: E402
from bench.live_stack import HTTPS_PORT, Stack  # noqa: E402
from bench.load import server_cpu_seconds, server_memory_mb, server_threads, worker_pids  # noqa: E402

SIZES = [int(n) for n in os.environ.get("BENCH_LIVE_SIZES", "1000,5000,10000").split(",")]
READERS = int(os.environ.get("BENCH_LIVE_READERS", "4"))
PAGES_PER_USER = 4
POSTS = 5
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_live")
CACHE_URL = os.environ.get("BENCH_CACHE_URL", "redis://127.0.0.1:6379/9")
IDLE_SECONDS = 10.0
OUTAGE_SECONDS = 5.0


def raise_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 1 << 20
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, 1 << 20), hard))


def prepare(stack: Stack, users: int) -> dict:
    """A fresh database with a game of `users` players, a Town Square thread and sessions."""
    admin = DATABASE_URL.rsplit("/", 1)[0] + "/postgres"
    name = DATABASE_URL.rsplit("/", 1)[1]
    for sql in (f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'):
        subprocess.run(["psql", "-q", admin, "-c", sql], check=True, capture_output=True)
    os.environ.update({k: v for k, v in stack.env.items() if k not in os.environ or k in (
        "DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "LIVE_REDIS_URL",
        "SECRET_KEY", "ALLOWED_HOSTS", "CELERY_BROKER_URL", "MEDIA_ROOT")})  # fmt: skip
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from bench.games import build_game
    from bench.polls import read_thread
    from bench.sessions import session_cookie
    from game.services.lobby.accounts import api_token_create

    game, players = build_game(users, "live")
    thread = read_thread(players)
    cookies = [session_cookie(p.user) for p in players]
    _, token = api_token_create(user=players[-1].user, name="bench")
    topics = f"thread-{thread.pk}"
    from django.db import connection

    connection.close()
    return {"thread": thread.pk, "cookies": cookies, "token": token, "game": game.pk,
            "users": [p.user_id for p in players], "topics": topics}  # fmt: skip


def post(setup: dict, cert: str, body: str) -> int:
    connection = http.client.HTTPSConnection(
        "127.0.0.1", HTTPS_PORT, context=ssl.create_default_context(cafile=cert), timeout=30
    )
    connection.request(
        "POST",
        f"/api/v1/forums/threads/{setup['thread']}/posts",
        body=json.dumps({"body": body}),
        headers={"Authorization": f"Bearer {setup['token']}", "Content-Type": "application/json",
                 "Host": f"127.0.0.1:{HTTPS_PORT}"},
    )  # fmt: skip
    status = connection.getresponse().status
    connection.close()
    return status


def timed_post(readers: Readers, setup: dict, cert: str, body: str) -> tuple[list[float], int, int]:
    before = readers.counts("post")
    sent = time.time()
    status = post(setup, cert, body)
    times, lost = readers.wait_for("post", before, 15.0)
    return [(t - sent) * 1000 for t in times], lost, status


def pages_for(setup: dict, n: int) -> list[tuple[str, str]]:
    pages = []
    for i in range(n):
        cookie = setup["cookies"][i // PAGES_PER_USER]
        user = setup["users"][i // PAGES_PER_USER]
        topics = f"user-{user},game-{setup['game']},{setup['topics']}"
        pages.append((cookie, f"/live/stream?topics={topics}&page=b{n}x{i}"))
    return pages


def one_size(stack: Stack, setup: dict, n: int) -> dict:
    live = stack.processes["live"]
    cert = str(stack.cert)
    memory, threads = server_memory_mb(live), server_threads(live)
    readers = Readers(READERS, HTTPS_PORT, cert, pages_for(setup, n))
    try:
        opened = readers.ask("open")
        figures = {
            "open_s": max(o["seconds"] for o in opened),
            "refused": sum(o["refused"] for o in opened),
            "kb": (server_memory_mb(live) - memory) * 1024 / n,
            "threads": (server_threads(live) - threads) / n,
            "redis": stack.redis_clients(),
        }
        cpu = server_cpu_seconds(live)
        time.sleep(IDLE_SECONDS)
        figures["idle_cpu"] = (server_cpu_seconds(live) - cpu) / IDLE_SECONDS
        delays, lost = [], 0
        for k in range(POSTS):
            got, missed, _ = timed_post(readers, setup, cert, f"Post {k} at {n}.")
            delays += got
            lost += missed
            time.sleep(1)
        figures.update(delays=sorted(delays), lost=lost)
        figures.update(storm(stack, readers, setup, cert))
        figures.update(restart(stack, readers, setup, cert))
    finally:
        readers.close()
    return figures


def storm(stack: Stack, readers: Readers, setup: dict, cert: str) -> dict:
    live = stack.processes["live"]
    workers = set(worker_pids(live))
    before = readers.counts("post")
    started = time.perf_counter()
    for conn in readers.conns:
        conn.send(("storm",))
    time.sleep(0.5)
    status = post(setup, cert, "During the storm.")
    answers = [conn.recv() for conn in readers.conns]
    back = time.perf_counter() - started
    _, lost = readers.wait_for("post", before, 30.0)
    return {
        "storm_s": back,
        "storm_503": sum(a["refused"] for a in answers),
        "storm_killed": len(workers - set(worker_pids(live))),
        "storm_lost": lost,
        "storm_post": status,
    }


def restart(stack: Stack, readers: Readers, setup: dict, cert: str) -> dict:
    stale_before = readers.counts("stale")
    stack.stop_redis()
    down_at = time.perf_counter()
    status = post(setup, cert, "While the channel's Redis is down.")
    time.sleep(max(0.0, OUTAGE_SECONDS - (time.perf_counter() - down_at)))
    stack.start_redis()
    up_at = time.perf_counter()
    _, unstale = readers.wait_for("stale", stale_before, 60.0)
    back = time.perf_counter() - up_at
    delays, lost, _ = timed_post(readers, setup, cert, "After the restart.")
    return {
        "restart_post": status,
        "restart_back_s": back,
        "restart_unstale": unstale,
        "restart_lost": lost,
        "restart_p99": delays and sorted(delays)[int(0.99 * (len(delays) - 1))],
        "dropped": sum(d["closed"] for d in readers.ask("dropped")),
        "reconnects": sum(d["reconnects"] for d in readers.ask("dropped")),
    }


def percentile(values: list[float], q: float) -> float:
    return values[int(q * (len(values) - 1))] if values else float("nan")


def print_table(results: dict[int, dict], loads: list[str]) -> None:
    print("\nLive streams through nginx (TLS, shipped config), 2 uvicorn workers, this machine")
    print(f"  load average (1/5/15 min) at each size: {'; '.join(loads)}")
    head = f"  {'':34}" + "".join(f"{n:>12,}" for n in results)
    print(head)
    rows = [
        ("time to open all (s)", lambda f: f"{f['open_s']:.1f}"),
        ("refused while opening (503/429)", lambda f: f"{f['refused']}"),
        ("live memory per stream (kB)", lambda f: f"{f['kb']:.1f}"),
        ("live threads per stream", lambda f: f"{f['threads']:.3f}"),
        ("channel Redis connections", lambda f: f"{f['redis']}"),
        ("idle CPU of the live service", lambda f: f"{f['idle_cpu']:.1%}"),
        ("post -> receipt p50 (ms)", lambda f: f"{statistics.median(f['delays'] or [0]):.0f}"),
        ("post -> receipt p99 (ms)", lambda f: f"{percentile(f['delays'], 0.99):.0f}"),
        ("post -> receipt max (ms)", lambda f: f"{max(f['delays'] or [0]):.0f}"),
        ("events lost", lambda f: f"{f['lost']}"),
        ("storm: all back (s)", lambda f: f"{f['storm_s']:.1f}"),
        ("storm: 503 answers", lambda f: f"{f['storm_503']}"),
        ("storm: workers killed", lambda f: f"{f['storm_killed']}"),
        ("storm: post's receipts lost", lambda f: f"{f['storm_lost']}"),
        ("restart: post while down (status)", lambda f: f"{f['restart_post']}"),
        ("restart: all told stale (s)", lambda f: f"{f['restart_back_s']:.1f}"),
        ("restart: streams never told", lambda f: f"{f['restart_unstale']}"),
        ("restart: next post p99 (ms)", lambda f: f"{f['restart_p99'] or 0:.0f}"),
        ("restart: next post lost", lambda f: f"{f['restart_lost']}"),
        ("streams not open at the end", lambda f: f"{f['dropped']}"),
        ("streams the server ended (reconnected)", lambda f: f"{f['reconnects']}"),
    ]
    for label, cell in rows:
        print(f"  {label:34}" + "".join(f"{cell(results[n]):>12}" for n in results))


def main() -> None:
    raise_file_limit()
    stack = Stack(DATABASE_URL, CACHE_URL)
    stack.start_redis()
    setup = prepare(stack, max(SIZES) // PAGES_PER_USER + 1)
    results, loads = {}, []
    try:
        stack.start()
        for n in SIZES:
            results[n] = one_size(stack, setup, n)
            loads.append(f"{n:,}: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
            print(f"  {n:,} streams measured", flush=True)
    finally:
        stack.stop()
    print_table(results, loads)


if __name__ == "__main__":
    main()
