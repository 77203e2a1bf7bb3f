"""The live channel's cost (`make bench-live`; also part of `make bench`): 1,000 readers of one
thread, each with its own session, open a stream on the ASGI server as production runs it
(gunicorn with uvicorn workers, deploy/gunicorn_live.conf.py). Prints the time from publishing an
event to its receipt on every stream (p50/p99, target p99 <= 1 s), the server's memory per open
stream, and, over three windows of the same length, the database transactions and server CPU of
nothing at all, of the 1,000 streams idle, and of the same 1,000 readers polling the thread every
10 s on gunicorn (the fallback without a channel). Needs Redis for the channel (LIVE_REDIS_URL,
by default REDIS_URL); database figures on PostgreSQL only. Ports BENCH_PORT + 3 and + 4."""

from __future__ import annotations

import asyncio
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, str(BASE_DIR))
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    import django

    django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from bench.activity import window  # noqa: E402
from bench.games import build_game, reset_database  # noqa: E402
from bench.load import (  # noqa: E402
    request,
    serve,
    server_memory_mb,
    server_threads,
    wait_ready,
    warm_up,
)
from bench.polls import READERS, read_thread, reader_requests  # noqa: E402
from bench.sessions import session_cookie  # noqa: E402
from bench.sse import Stream, open_stream  # noqa: E402

LIVE_PORT = int(os.environ.get("BENCH_PORT", "8765")) + 3
POLL_APP_PORT = LIVE_PORT + 1
LIVE_WORKERS = os.environ.get("BENCH_LIVE_WORKERS", "1")
WINDOW_SECONDS = float(os.environ.get("BENCH_LIVE_WINDOW", "20"))
POLL_EVERY = 10.0
EVENTS = 5
# An idle PostgreSQL backend reports its counters up to 10 s late: the idle window starts after.
STATS_SETTLE_SECONDS = 11.0


def raise_file_limit(needed: int) -> None:
    """Each stream is a socket in this process and one in the server (which inherits the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def serve_live(port: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "PYTHONPATH": str(BASE_DIR),
        "LIVE_BIND": f"127.0.0.1:{port}",
        "LIVE_WORKERS": LIVE_WORKERS,
        "GUNICORN_LOG_LEVEL": "warning",
    }
    command = [
        sys.executable, "-m", "gunicorn", "mafia_mod.asgi:application",
        "-c", str(BASE_DIR / "deploy" / "gunicorn_live.conf.py"),
    ]  # fmt: skip
    return subprocess.Popen(command, cwd=BASE_DIR, env=env)  # noqa: S603


async def open_streams(path: str, cookies: list[str], parallel: int = 50) -> list[Stream]:
    gate = asyncio.Semaphore(parallel)

    async def one(cookie: str) -> Stream:
        async with gate:
            return await open_stream(LIVE_PORT, path, cookie)

    return await asyncio.gather(*(one(cookie) for cookie in cookies))


def publish_once(topic: str) -> None:
    """As a service publishes: inside its transaction, sent once it commits."""
    from game.services.live_channel import publish

    try:
        with transaction.atomic():
            publish(topic, "post")
    finally:
        connection.close()


async def publish_and_receive(topic: str, streams: list[Stream]) -> tuple[list[float], int]:
    """EVENTS events, a second apart; each stream's delay from publishing to receipt (ms), and
    how many receipts never came (within 5 s)."""
    delays, missed = [], 0
    for _ in range(EVENTS):
        before = [len(s.events) for s in streams]
        published = time.perf_counter()
        await asyncio.to_thread(publish_once, topic)
        deadline = published + 5
        pending = list(zip(streams, before, strict=True))
        while any(len(s.events) <= n for s, n in pending) and time.perf_counter() < deadline:
            await asyncio.sleep(0.002)
        for stream, n in pending:
            if len(stream.events) > n:
                delays.append((stream.events[n].received - published) * 1000)
            else:
                missed += 1
        await asyncio.sleep(1)
    return sorted(delays), missed


async def poll_every(requests: list[bytes], follow) -> dict:
    """Each reader polls every POLL_EVERY s from a random offset, for WINDOW_SECONDS."""
    rng = random.Random(7)
    started = time.perf_counter()
    latencies, failed = [], 0

    async def reader(index: int) -> None:
        nonlocal failed
        raw, due = requests[index], started + rng.uniform(0, POLL_EVERY)
        while due < started + WINDOW_SECONDS:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            status, response, latency = await request(POLL_APP_PORT, raw)
            if status in (200, 204):
                latencies.append(latency * 1000)
                raw = follow(index, response) or raw
            else:
                failed += 1
            due += POLL_EVERY

    await asyncio.gather(*(reader(i) for i in range(len(requests))))
    await asyncio.sleep(max(0.0, started + WINDOW_SECONDS - time.perf_counter()))
    return {"latencies": sorted(latencies), "failed": failed}


async def streams_benchmark(path: str, cookies: list[str], server: subprocess.Popen) -> dict:
    control = await window(server, WINDOW_SECONDS)
    for stream in await open_streams(path, cookies[:10]):
        stream.close()  # unmeasured: what the first requests import and build
    await asyncio.sleep(1)
    memory = server_memory_mb(server)
    started = time.perf_counter()
    streams = await open_streams(path, cookies)
    opened = time.perf_counter() - started
    followers = [asyncio.create_task(s.follow()) for s in streams]
    try:
        await asyncio.sleep(STATS_SETTLE_SECONDS)
        memory_per_stream = (server_memory_mb(server) - memory) * 1024 / len(streams)
        threads = server_threads(server)
        idle = await window(server, WINDOW_SECONDS)
        topic = path.rsplit("=", 1)[1]
        delays, missed = await publish_and_receive(topic, streams)
        heartbeats = sum(s.heartbeats for s in streams)
        open_at_end = sum(not s.ended for s in streams)
    finally:
        for task in followers:
            task.cancel()
        for stream in streams:
            stream.close()
    return {
        "statuses": sorted({s.status for s in streams}),
        "opened_s": opened,
        "kb_per_stream": memory_per_stream,
        "threads": threads,
        "control": control,
        "idle": idle,
        "delays": delays,
        "missed": missed,
        "heartbeats": heartbeats,
        "open_at_end": open_at_end,
    }


async def polling_benchmark(first: list[bytes], follow, server: subprocess.Popen) -> dict:
    requests = await asyncio.to_thread(warm_up, POLL_APP_PORT, first, follow)
    await asyncio.sleep(STATS_SETTLE_SECONDS)
    return await window(server, WINDOW_SECONDS, poll_every(requests, follow))


def live_benchmark() -> dict | None:
    if not getattr(settings, "LIVE_REDIS_URL", ""):
        return None
    raise_file_limit(4 * READERS + 256)
    _, readers = build_game(READERS + 1, f"live{int(time.time())}")
    thread = read_thread(readers)
    cookies = [session_cookie(player.user) for player in readers[:READERS]]
    first_polls, follow_poll = reader_requests(thread, cookies)
    path = f"/live/stream?topics=thread-{thread.pk}"
    connection.close()
    live, app = serve_live(LIVE_PORT), serve("bench.settings", POLL_APP_PORT)
    try:
        wait_ready(LIVE_PORT)
        wait_ready(POLL_APP_PORT)
        figures = asyncio.run(streams_benchmark(path, cookies, live))
        figures["polls"] = asyncio.run(polling_benchmark(first_polls, follow_poll, app))
    finally:
        for server in (live, app):
            server.terminate()
            server.wait(timeout=30)
    return figures


def print_live_benchmark() -> None:
    figures = live_benchmark()
    print(f"\nLive streams: {READERS} readers of one thread (uvicorn workers: {LIVE_WORKERS})")
    if figures is None:
        print("  skipped: no channel (set LIVE_REDIS_URL or REDIS_URL)")
        return
    delays = figures["delays"] or [float("nan")]
    p99 = delays[int(0.99 * (len(delays) - 1))]
    print(
        f"  {READERS} streams opened in {figures['opened_s']:.1f} s (statuses"
        f" {figures['statuses']}); server memory {figures['kb_per_stream']:.1f} kB per open stream"
    )
    print(
        f"  server threads with the streams open: {figures['threads']} (a stream keeps the thread"
        " Django ran its synchronous middleware in until it ends)"
    )
    print(
        f"  publish -> receipt, {EVENTS} events x {READERS} streams: p50"
        f" {statistics.median(delays):.0f} ms  p99 {p99:.0f} ms (target <= 1000 ms);"
        f" {figures['missed']} never received"
    )
    control, idle, polls = figures["control"], figures["idle"], figures["polls"]
    latencies = polls["result"]["latencies"] or [float("nan")]
    requests = len(polls["result"]["latencies"]) + polls["result"]["failed"]
    print(f"  Over {WINDOW_SECONDS:.0f} s:          nothing   {READERS} idle streams"
          f"   {READERS} readers polling every {POLL_EVERY:.0f} s")  # fmt: skip
    print(f"    requests/s          {0:8.1f}   {0:17.1f}   {requests / polls['elapsed']:10.1f}")
    print(
        f"    server CPU          {control['cpu']:8.1%}   {idle['cpu']:17.1%}"
        f"   {polls['cpu']:10.1%}  (of one core)"
    )
    if "transactions" in idle:
        print(
            f"    DB transactions     {control['transactions']:8d}   {idle['transactions']:17d}"
            f"   {polls['transactions']:10d}"
        )
        print(
            f"    DB connections held {control['connections']:8d}   {idle['connections']:17d}"
            f"   {polls['connections']:10d}"
        )
        per_stream = (idle["transactions"] - control["transactions"]) / READERS
        print(f"  queries per idle stream: {per_stream:.3f} (target 0)")
        print("  (the first column's transactions are the benchmark's own readings)")
    else:
        print("  database activity: measured on PostgreSQL only")
    print(
        f"  heartbeats received: {figures['heartbeats']}; streams still open at the end:"
        f" {figures['open_at_end']}; polls p50 {statistics.median(latencies):.0f} ms"
        f" p99 {latencies[int(0.99 * (len(latencies) - 1))]:.0f} ms, failed"
        f" {polls['result']['failed']}"
    )


if __name__ == "__main__":
    reset_database()
    print_live_benchmark()
