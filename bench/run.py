"""`make bench`: vote submission throughput against gunicorn (app and a bare Django view), the
day end's wall time and query count at 100 and 1,000 players, and a web worker's peak memory.

Runs on SQLite (bench/var/bench.sqlite3, recreated each run) or on PostgreSQL when DATABASE_URL
is set (point it at a scratch database: the benchmark writes its own games into it). All
traffic stays on 127.0.0.1; the run takes about two minutes."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import random
import statistics
import subprocess
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

from game.models import (  # noqa: E402
    Day,
    Game,
    Item,
    KillerAlignment,
    KillRecord,
    Player,
    User,
    Vote,
)
from game.rulesets.live_action.items import ItemKind  # noqa: E402
from game.rulesets.live_action.roles import Role  # noqa: E402
from game.services.accounts import api_token_create  # noqa: E402
from game.services.deadlines import process_due_events  # noqa: E402
from game.services.end_of_day import poison_schedule  # noqa: E402
from game.services.games import game_create  # noqa: E402
from game.services.locking import lock_game  # noqa: E402
from game.services.setup import game_start  # noqa: E402

APP_PORT = int(os.environ.get("BENCH_PORT", "8765"))
BARE_PORT = APP_PORT + 1
PHASE_SECONDS = float(os.environ.get("BENCH_SECONDS", "8"))
CONCURRENCY = (50, 300)
WORKERS = os.environ.get("BENCH_WORKERS", "2")
THREADS = os.environ.get("BENCH_THREADS", "8")
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


# --- Vote submission over HTTP -----------------------------------------------------------


def serve(settings: str, port: int) -> subprocess.Popen:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings, "PYTHONPATH": str(BASE_DIR)}
    command = [
        sys.executable, "-m", "gunicorn", "mafia_mod.wsgi:application",
        "--bind", f"127.0.0.1:{port}", "--workers", WORKERS, "--worker-class", "gthread",
        "--threads", THREADS, "--backlog", "2048", "--log-level", "error",
    ]  # fmt: skip
    return subprocess.Popen(command, cwd=BASE_DIR, env=env)  # noqa: S603


async def _request(port: int, raw: bytes) -> tuple[int, float]:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(raw)
    await writer.drain()
    response = await reader.read()
    writer.close()
    status = int(response.split(b" ", 2)[1]) if response else 0
    return status, time.perf_counter() - started


def http_post(path: str, body: bytes, headers: dict[str, str]) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    lines += ["Content-Type: application/json", f"Content-Length: {len(body)}", "", ""]
    return "\r\n".join(lines).encode() + body


async def load(port: int, requests: list[bytes], clients: int, seconds: float) -> dict:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    deadline = time.perf_counter() + seconds

    async def client(index: int) -> None:
        raw = requests[index % len(requests)]
        while time.perf_counter() < deadline:
            try:
                status, latency = await _request(port, raw)
            except OSError:
                status, latency = 0, 0.0
            statuses[status] = statuses.get(status, 0) + 1
            if status:
                latencies.append(latency)

    started = time.perf_counter()
    await asyncio.gather(*(client(i) for i in range(clients)))
    elapsed = time.perf_counter() - started
    latencies.sort()
    ok = statuses.get(201, 0)
    return {
        "rps": ok / elapsed,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else 0.0,
        "ok": ok,
        "statuses": statuses,
    }


def wait_ready(port: int) -> None:
    for _ in range(100):
        try:
            asyncio.run(_request(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"gunicorn on port {port} did not start")


def peak_worker_memory_mb(master: subprocess.Popen) -> float:
    children = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
    peaks = []
    for pid in children:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peaks.append(int(line.split()[1]) / 1024)
    return max(peaks, default=0.0)


def vote_benchmark() -> tuple[dict, float, int, int]:
    game, players = build_game(max(CONCURRENCY), "votes")
    target = players[-1]
    body = json.dumps({"target_id": target.pk}).encode()
    path = f"/api/v1/games/{game.pk}/votes"
    tokens = [api_token_create(user=p.user, name="bench")[1] for p in players]
    requests = [http_post(path, body, {"Authorization": f"Bearer {raw}"}) for raw in tokens]
    bare_requests = [http_post("/bare", body, {})]
    connection.close()
    app, bare = serve("bench.settings", APP_PORT), serve("bench.bare_settings", BARE_PORT)
    try:
        wait_ready(APP_PORT)
        wait_ready(BARE_PORT)
        results = {}
        for clients in CONCURRENCY:
            results[("app", clients)] = asyncio.run(
                load(APP_PORT, requests, clients, PHASE_SECONDS)
            )
            results[("bare", clients)] = asyncio.run(
                load(BARE_PORT, bare_requests, clients, PHASE_SECONDS)
            )
        memory = peak_worker_memory_mb(app)
    finally:
        for server in (app, bare):
            server.terminate()
            server.wait(timeout=30)
    sent_ok = sum(r["ok"] for (kind, _), r in results.items() if kind == "app")
    stored = Vote.objects.filter(game=game).count()
    return results, memory, sent_ok, stored


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
    print(f"Database: {connection.vendor}; gunicorn {WORKERS} workers x {THREADS} threads")
    reset_database()
    results, memory, sent_ok, stored = vote_benchmark()
    print("\nVote submission (POST /api/v1/games/{id}/votes vs a bare one-line view)")
    for clients in CONCURRENCY:
        app, bare = results[("app", clients)], results[("bare", clients)]
        for kind, r in (("app", app), ("bare", bare)):
            print(
                f"  {kind:4} {clients:3} clients: {r['rps']:8.1f} req/s  p50 {r['p50_ms']:7.1f} ms"
                f"  p99 {r['p99_ms']:7.1f} ms  statuses {r['statuses']}"
            )
        print(f"  ratio app/bare at {clients}: {app['rps'] / bare['rps']:.2f} (target >= 0.5)")
    lost = sent_ok - stored
    print(f"  votes acknowledged {sent_ok}, stored {stored}, lost {lost} (target 0)")
    print(f"\nPeak memory of one app worker: {memory:.1f} MB (target < 200 MB)")
    print(f"\nDay end with {HISTORY_DAYS} days of vote history")
    figures = {size: day_end_benchmark(size) for size in (100, 1000)}
    for size, (elapsed, queries) in figures.items():
        print(f"  {size:5} players: {elapsed * 1000:8.1f} ms  {queries} queries")
    (t100, q100), (t1000, q1000) = figures[100], figures[1000]
    print(f"  queries equal: {q100 == q1000}; time ratio 1000/100: {t1000 / t100:.1f} (<= 12)")


if __name__ == "__main__":
    main()
