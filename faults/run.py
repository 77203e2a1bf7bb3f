"""`make faults`: the scheduled day end and the votes around it under injected faults, on real
processes (gunicorn, Celery workers, beat) on PostgreSQL and a private Redis; each run is the
first day of a new game of 300 players, ended a few seconds after its votes (a game with many
days would end by R18 on its second, the mafia having killed nobody):

- worker killed: the worker is SIGKILLed while its day end has written and not committed;
- connection terminated: pg_terminate_backend of that day end's connection;
- two workers, two beats: every due event sent and taken twice over;
- broker down: the private redis-server of the broker stopped across the due time;
- votes across the due time, votes across "end the day now": 300 clients voting and changing
  votes, told 201 with the day or 409, compared with what was counted; the moderator's two
  concurrent "end the day now" for the same day end it once;
- the phase engine of night-and-day games (faults/phases.py): "end the phase now" twice at once,
  the last night action at the timer, a late action, the dawn with doubled workers and beats,
  across a broker outage, with its worker killed and its connection terminated mid-write.

The day end is held mid-write by a lock this script takes on the day end's last table
(DayEndRecord), so that the kill and the termination land while the day end's writes are in
its open transaction. Each day must end exactly once, with exactly its execution, and every
vote acknowledged must be counted for the day its answer named. Prints a table and exits 1 on
any loss or duplicate.

FAULTS_DATABASE_URL (postgres://postgres@127.0.0.1:5432/faults_test: dropped and created),
FAULTS_BROKER_PORT and FAULTS_CACHE_PORT (6388, 6389: private redis-servers started and stopped
here), FAULTS_PORT (8790: gunicorn), FAULTS_RUNS (3), FAULTS_ONLY (only the faults whose name
contains it). Traffic stays on 127.0.0.1."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from faults.stack import (  # noqa: E402
    APP_PORT,
    BASE_DIR,
    BROKER_PORT,
    CACHE_PORT,
    DATABASE_URL,
    LOGS,
    ONLY,
    RUNS,
    Stack,
    beat,
    redis_server,
    worker,
)

os.environ.update(
    DJANGO_SETTINGS_MODULE="faults.settings",
    DATABASE_URL=DATABASE_URL,
    REDIS_URL=f"redis://127.0.0.1:{CACHE_PORT}/0",
    CELERY_BROKER_URL=f"redis://127.0.0.1:{BROKER_PORT}/0",
    PYTHONPATH=str(BASE_DIR),
)


def database_reset() -> None:
    base, _, name = DATABASE_URL.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


database_reset()

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from bench.load import serve, wait_ready  # noqa: E402
from faults.day_end import FAULTS  # noqa: E402
from faults.ledger import NONE  # noqa: E402
from faults.phases import PHASE_FAULTS, PhaseStack  # noqa: E402
from faults.votes import fault_game, votes_checked  # noqa: E402


def phase_rows(stack: Stack, started: float) -> list:
    """The phase engine's faults (faults/phases.py) on the same stack; each run plays a classic
    game of its own."""
    rows = []

    def broker_start() -> None:
        stack.broker = redis_server(BROKER_PORT)

    def worker_kill() -> None:
        victim = stack.workers.pop()
        victim.signal(signal.SIGKILL)
        victim.popen.wait()
        stack.workers.append(worker(victim.name))

    phase_stack = PhaseStack(APP_PORT, lambda: stack.broker.stop(), broker_start, worker_kill)
    for name, run, workers, beats in PHASE_FAULTS:
        if ONLY not in name:
            continue
        stack.workers = [worker(f"worker{i}") for i in range(workers)]
        stack.beats = [beat(f"beat{i}") for i in range(beats)]
        outcomes, total = [], NONE
        for number in range(RUNS):
            outcome, found = run(phase_stack, f"p{len(rows)}r{number}")
            outcomes.append(outcome)
            total += found
            connection.close()
        rows.append((name, RUNS, "; ".join(sorted(set(outcomes))), total))
        for process in [*stack.beats, *stack.workers]:
            process.stop()
        print(
            f"  {name}: lost {total.lost}, duplicated {total.duplicated}"
            f" ({time.monotonic() - started:.0f} s)",
            flush=True,
        )
    return rows


def main() -> int:
    started = time.monotonic()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    call_command("migrate", verbosity=0)
    connection.close()
    cache = redis_server(CACHE_PORT)
    stack = Stack(redis_server(BROKER_PORT), cache, serve("faults.settings", APP_PORT), [], [])
    rows = []
    try:
        wait_ready(APP_PORT)
        for name, run, workers, beats in FAULTS:
            if ONLY not in name:
                continue
            stack.workers = [worker(f"worker{i}") for i in range(workers)]
            stack.beats = [beat(f"beat{i}") for i in range(beats)]
            outcomes, total = [], NONE
            for number in range(RUNS):
                faulted = fault_game(f"f{len(rows)}r{number}")
                outcome, found = run(stack, faulted)
                outcomes.append(outcome)
                total += found + votes_checked(faulted)
                connection.close()
            rows.append((name, RUNS, "; ".join(sorted(set(outcomes))), total))
            for process in [*stack.beats, *stack.workers]:
                process.stop()
            print(
                f"  {name}: lost {total.lost}, duplicated {total.duplicated}"
                f" ({time.monotonic() - started:.0f} s)",
                flush=True,
            )
        rows += phase_rows(stack, started)
    finally:
        stack.stop()
    print(f"\n{'fault':38} {'runs':>4} {'lost':>5} {'dup':>5}  outcome")
    for name, runs, outcome, total in rows:
        print(f"{name:38} {runs:4} {total.lost:5} {total.duplicated:5}  {outcome}")
    print(f"\n{time.monotonic() - started:.0f} s; process logs in {LOGS}")
    failed = any(total != NONE for *_, total in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
