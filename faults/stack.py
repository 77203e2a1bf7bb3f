"""The stack `make faults` runs on, and its settings (FAULTS_* in the environment, faults/run.py):
private redis-servers for the broker and the cache, Celery workers and beats, each in its own
session so that a kill reaches its children, and gunicorn (bench.load.serve)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import redis

BASE_DIR = Path(__file__).resolve().parent.parent
DATABASE_URL = os.environ.get(
    "FAULTS_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/faults_test"
)
BROKER_PORT = int(os.environ.get("FAULTS_BROKER_PORT", "6388"))
CACHE_PORT = int(os.environ.get("FAULTS_CACHE_PORT", "6389"))
APP_PORT = int(os.environ.get("FAULTS_PORT", "8790"))
RUNS = int(os.environ.get("FAULTS_RUNS", "3"))
ONLY = os.environ.get("FAULTS_ONLY", "")  # run only the faults whose name contains this
LOGS = Path(tempfile.mkdtemp(prefix="faults-"))


class Process:
    """A process of the stack in its own session, so that a kill reaches its children."""

    def __init__(self, name: str, command: list[str]):
        self.name = name
        log = (LOGS / f"{name}.log").open("a")
        self.popen = subprocess.Popen(  # noqa: S603
            command, cwd=BASE_DIR, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def signal(self, number: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, number)

    def stop(self) -> None:
        self.signal(signal.SIGTERM)
        try:
            self.popen.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.signal(signal.SIGKILL)
            self.popen.wait()


CELERY = str(BASE_DIR / ".venv" / "bin" / "celery")


def redis_server(port: int) -> Process:
    server = Process(
        f"redis-{port}",
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly",
         "no"],
    )  # fmt: skip
    for _ in range(100):
        with contextlib.suppress(redis.ConnectionError):
            if redis.Redis(port=port).ping():
                return server
        time.sleep(0.1)
    raise SystemExit(f"redis-server on port {port} did not start")


def worker(name: str) -> Process:
    return Process(
        name,
        [CELERY, "-A", "mafia_mod", "worker", "--concurrency", "1", "--loglevel", "WARNING",
         "--hostname", f"{name}@faults", "--without-gossip", "--without-mingle"],
    )  # fmt: skip


def beat(name: str) -> Process:
    return Process(name, [CELERY, "-A", "mafia_mod", "beat", "--loglevel", "WARNING"])


@dataclass
class Stack:
    broker: Process
    cache: Process
    web: subprocess.Popen
    workers: list[Process]
    beats: list[Process]

    def stop(self) -> None:
        for process in [*self.beats, *self.workers]:
            process.stop()
        self.web.terminate()
        self.web.wait(timeout=30)
        for process in (self.broker, self.cache):
            process.stop()
