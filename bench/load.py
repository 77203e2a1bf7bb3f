"""Serving with gunicorn and loading it from asyncio clients, all on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
WORKERS = os.environ.get("BENCH_WORKERS", "2")
THREADS = os.environ.get("BENCH_THREADS", "8")


def serve(settings: str, port: int) -> subprocess.Popen:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings, "PYTHONPATH": str(BASE_DIR)}
    command = [
        sys.executable, "-m", "gunicorn", "mafia_mod.wsgi:application",
        "--bind", f"127.0.0.1:{port}", "--workers", WORKERS, "--worker-class", "gthread",
        "--threads", THREADS, "--backlog", "2048", "--log-level", "error",
        "--no-control-socket",
    ]  # fmt: skip
    return subprocess.Popen(command, cwd=BASE_DIR, env=env)  # noqa: S603


async def request(port: int, raw: bytes) -> tuple[int, bytes, float]:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(raw)
    await writer.drain()
    response = await reader.read()
    writer.close()
    status = int(response.split(b" ", 2)[1]) if response else 0
    return status, response, time.perf_counter() - started


def http_request(method: str, path: str, body: bytes = b"", headers: dict | None = None) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if method == "POST":
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return "\r\n".join([*lines, "", ""]).encode() + body


Next = Callable[[int, bytes], bytes | None]


async def load(
    port: int, requests: list[bytes], clients: int, seconds: float, ok: set[int], then: Next
) -> dict:
    """`clients` connections in a loop for `seconds`; client i sends requests[i % len], and
    `then(i, response)` may give it another request to send from then on."""
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    deadline = time.perf_counter() + seconds

    async def client(index: int) -> None:
        raw = requests[index % len(requests)]
        while time.perf_counter() < deadline:
            try:
                status, response, latency = await request(port, raw)
            except OSError:
                status, response, latency = 0, b"", 0.0
            statuses[status] = statuses.get(status, 0) + 1
            if status:
                latencies.append(latency)
                raw = then(index, response) or raw

    started = time.perf_counter()
    await asyncio.gather(*(client(i) for i in range(clients)))
    elapsed = time.perf_counter() - started
    done = sum(count for status, count in statuses.items() if status in ok)
    return summary([{"elapsed": elapsed, "ok": done, "statuses": statuses, "latencies": latencies}])


def summary(parts: list[dict]) -> dict:
    """One figure from several slices of load: requests per second over their summed time."""
    latencies = sorted(latency for part in parts for latency in part["latencies"])
    statuses: dict[int, int] = {}
    for part in parts:
        for status, count in part["statuses"].items():
            statuses[status] = statuses.get(status, 0) + count
    done = sum(part["ok"] for part in parts)
    elapsed = sum(part["elapsed"] for part in parts)
    return {
        "rps": done / elapsed,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else 0.0,
        "ok": done,
        "elapsed": elapsed,
        "statuses": statuses,
        "latencies": latencies,
    }


async def _follow_once(port: int, requests: list[bytes], then: Next, parallel: int) -> list:
    gate = asyncio.Semaphore(parallel)

    async def one(index: int) -> bytes:
        async with gate:
            _, response, _ = await request(port, requests[index])
        return then(index, response) or requests[index]

    return await asyncio.gather(*(one(i) for i in range(len(requests))))


def warm_up(port: int, requests: list[bytes], then: Next, parallel: int = 50) -> list[bytes]:
    """Each client's first request, once, unmeasured; returns what each sends next."""
    return asyncio.run(_follow_once(port, requests, then, parallel))


def unchanged(index: int, response: bytes) -> None:
    return None


def wait_ready(port: int) -> None:
    for _ in range(300):
        try:
            asyncio.run(request(port, http_request("GET", "/")))
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"gunicorn on port {port} did not start")


def worker_pids(master: subprocess.Popen) -> list[int]:
    return [
        int(pid)
        for pid in Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
    ]


def _status(pid: int, field: str) -> int:
    """A number of /proc/<pid>/status (kB for memory)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def peak_worker_memory_mb(master: subprocess.Popen) -> float:
    return max((_status(pid, "VmHWM") / 1024 for pid in worker_pids(master)), default=0.0)


def server_memory_mb(master: subprocess.Popen) -> float:
    """Resident memory of the master and its workers, now."""
    return sum(_status(pid, "VmRSS") / 1024 for pid in [master.pid, *worker_pids(master)])


def server_threads(master: subprocess.Popen) -> int:
    """Threads of the workers, now."""
    return sum(_status(pid, "Threads") for pid in worker_pids(master))


def server_cpu_seconds(master: subprocess.Popen) -> float:
    """CPU time (user and system) used so far by the master and its workers."""
    ticks = 0
    for pid in [master.pid, *worker_pids(master)]:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")
