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

import asyncio
import contextlib
import datetime as dt
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import redis

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

DATABASE_URL = os.environ.get(
    "FAULTS_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/faults_test"
)
BROKER_PORT = int(os.environ.get("FAULTS_BROKER_PORT", "6388"))
CACHE_PORT = int(os.environ.get("FAULTS_CACHE_PORT", "6389"))
APP_PORT = int(os.environ.get("FAULTS_PORT", "8790"))
RUNS = int(os.environ.get("FAULTS_RUNS", "3"))
ONLY = os.environ.get("FAULTS_ONLY", "")  # run only the faults whose name contains this
PLAYERS = 300
DUE_IN = 2.0  # seconds from the votes to the due time
DAY_END_TIMEOUT = 30.0
RACE_SECONDS = DUE_IN + 3  # the racing clients vote before and after the day's end
END_NOW_AFTER = 1.5  # seconds into the race of the moderator's "end the day now"
LOGS = Path(tempfile.mkdtemp(prefix="faults-"))
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

from bench.games import build_game  # noqa: E402
from bench.load import http_request, request, serve, wait_ready  # noqa: E402
from faults.ledger import (  # noqa: E402
    NONE,
    Answer,
    Discrepancy,
    StoredVote,
    day_end_compared,
    end_now_compared,
    votes_compared,
)
from faults.phases import PHASE_FAULTS, PhaseStack  # noqa: E402
from game.models import Day, DayEndRecord, DueEvent, Game, LogEntry, Player, Vote  # noqa: E402
from game.models.accounts import ApiToken, hash_token  # noqa: E402
from game.rulesets.registry import DAY_END_EVENT  # noqa: E402
from game.services.lobby.accounts import api_token_create  # noqa: E402
from game.services.locking import database_now  # noqa: E402


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
class FaultGame:
    game: Game
    players: list[Player]
    moderator_token: str
    tokens: dict[int, str] = field(default_factory=dict)
    answers: list[Answer] = field(default_factory=list)

    def day(self) -> int:
        return Game.objects.get(pk=self.game.pk).current_day

    def living(self) -> list[Player]:
        return list(Player.objects.filter(game=self.game, alive=True).order_by("id"))

    def targets(self, day: int) -> tuple[Player, Player, Player]:
        """The player the day's votes execute and two decoys, three a day from the last."""
        first = len(self.players) - 3 * day
        return self.players[first], self.players[first + 1], self.players[first + 2]


def fault_game(tag: str) -> FaultGame:
    """A started game of 300 players (bench.games), a personal token each, made in bulk."""
    game, players = build_game(PLAYERS, tag)
    moderator = game.created_by
    faulted = FaultGame(game, players, api_token_create(user=moderator, name="faults")[1])
    raw = {p.pk: ApiToken.new_raw_value() for p in players}
    ApiToken.objects.bulk_create(
        ApiToken(user_id=p.user_id, name="faults", digest=hash_token(value), prefix=value[:8])
        for p in players
        for value in (raw[p.pk],)
    )
    faulted.tokens = raw
    return faulted


def vote_raw(faulted: FaultGame, voter_id: int, target_id: int, day: int | None) -> bytes:
    body = {"target_id": target_id} | ({"day": day} if day is not None else {})
    return http_request(
        "POST",
        f"/api/v1/games/{faulted.game.pk}/votes",
        json.dumps(body).encode(),
        {"Authorization": f"Bearer {faulted.tokens[voter_id]}"},
    )


def answer_of(voter_id: int, target_id: int, status: int, response: bytes) -> Answer:
    day = None
    if status == 201:
        day = json.loads(response.split(b"\r\n\r\n", 1)[1])["day"]
    return Answer(voter_id, target_id, status, day)


async def vote_round(faulted: FaultGame, choices: dict[int, int], day: int) -> list[Answer]:
    """Every voter's vote once, 50 at a time."""
    gate = asyncio.Semaphore(50)

    async def one(voter_id: int, target_id: int) -> Answer:
        async with gate:
            status, response, _ = await request(
                APP_PORT, vote_raw(faulted, voter_id, target_id, day)
            )
        return answer_of(voter_id, target_id, status, response)

    return await asyncio.gather(*(one(v, t) for v, t in choices.items()))


def day_choices(faulted: FaultGame, day: int, changed: bool) -> dict[int, int]:
    """Three fifths of the living vote for the day's execution; the others for a decoy, the
    first or (`changed`) the second, so that their second round changes their vote."""
    executed, first, second = faulted.targets(day)
    voters = faulted.living()
    cut = len(voters) * 3 // 5
    return {
        p.pk: executed.pk if i < cut else (second.pk if changed else first.pk)
        for i, p in enumerate(voters)
    }


def due_soon(faulted: FaultGame, seconds: float) -> dt.datetime:
    """The open day's end, and its due event, `seconds` from now on the database's clock."""
    number = faulted.day()
    due = database_now() + dt.timedelta(seconds=seconds)
    Day.objects.filter(game=faulted.game, number=number).update(ends_at=due)
    DueEvent.objects.filter(game=faulted.game, kind=DAY_END_EVENT, day=number).update(due_at=due)
    return due


def wait_for(condition: Callable[[], bool], timeout: float = DAY_END_TIMEOUT) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def day_ended(faulted: FaultGame, number: int) -> Callable[[], bool]:
    return lambda: Day.objects.filter(
        game=faulted.game, number=number, ended_at__isnull=False
    ).exists()


def day_checked(faulted: FaultGame, number: int, answers: list[Answer]) -> Discrepancy:
    """The day ended once (its log line and its record) and killed its execution alone; the
    answers join the game's ledger (votes_checked)."""
    ends = max(
        LogEntry.objects.filter(
            game=faulted.game, kind="day_ended", text=f"Day {number} has ended."
        ).count(),
        DayEndRecord.objects.filter(game=faulted.game, day=number).count(),
    )
    executed = faulted.targets(number)[0]
    deaths = set(
        Player.objects.filter(game=faulted.game, death_day=number).values_list("pk", flat=True)
    )
    faulted.answers += answers
    return day_end_compared(ends, {executed.pk}, deaths)


def votes_checked(faulted: FaultGame) -> Discrepancy:
    """Every vote of the game's runs, as its client was told, against every vote stored."""
    stored = [
        StoredVote(v.voter_id, v.target_id, v.day, v.pk)
        for v in Vote.objects.filter(game=faulted.game).order_by()
    ]
    return votes_compared(faulted.answers, stored)


class DayEndHeld:
    """Holds the day end just before its last write (its DayEndRecord), after every other:
    a lock that conflicts with the insert, taken on a connection of this script's own."""

    def __enter__(self) -> DayEndHeld:
        self.connection = psycopg.connect(DATABASE_URL)
        self.connection.execute("LOCK TABLE game_dayendrecord IN SHARE MODE")
        return self

    def waiting_backend(self) -> int | None:
        with psycopg.connect(DATABASE_URL, autocommit=True) as probe:
            row = probe.execute(
                "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND query LIKE 'INSERT INTO \"game_dayendrecord\"%'"
            ).fetchone()
        return row[0] if row else None

    def __exit__(self, *exc) -> None:
        self.connection.rollback()
        self.connection.close()


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


def votes_before_due(faulted: FaultGame) -> tuple[int, list[Answer]]:
    number = faulted.day()
    return number, asyncio.run(vote_round(faulted, day_choices(faulted, number, False), number))


def run_killed_worker(stack: Stack, faulted: FaultGame) -> tuple[str, Discrepancy]:
    number, answers = votes_before_due(faulted)
    with DayEndHeld() as held:
        due_soon(faulted, DUE_IN)
        if not wait_for(lambda: held.waiting_backend() is not None):
            faulted.answers += answers
            return "day end never ran", Discrepancy(1, 0)
        victim = stack.workers.pop()
        victim.signal(signal.SIGKILL)
        victim.popen.wait()
    stack.workers.append(worker(victim.name))
    outcome = "killed mid-write, ended" if wait_for(day_ended(faulted, number)) else "not ended"
    return outcome, day_checked(faulted, number, answers)


def run_terminated_connection(stack: Stack, faulted: FaultGame) -> tuple[str, Discrepancy]:
    number, answers = votes_before_due(faulted)
    with DayEndHeld() as held:
        due_soon(faulted, DUE_IN)
        if not wait_for(lambda: held.waiting_backend() is not None):
            faulted.answers += answers
            return "day end never ran", Discrepancy(1, 0)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [held.waiting_backend()])
    ended = wait_for(day_ended(faulted, number))
    return ("terminated mid-write, ended" if ended else "not ended"), day_checked(
        faulted, number, answers
    )


def run_doubled(stack: Stack, faulted: FaultGame) -> tuple[str, Discrepancy]:
    number, answers = votes_before_due(faulted)
    due_soon(faulted, DUE_IN)
    ended = wait_for(day_ended(faulted, number))
    time.sleep(3)  # every beat's next sends, on every worker, find the day ended
    return ("ended" if ended else "not ended"), day_checked(faulted, number, answers)


def run_broker_down(stack: Stack, faulted: FaultGame) -> tuple[str, Discrepancy]:
    number, answers = votes_before_due(faulted)
    stack.broker.stop()
    due_soon(faulted, DUE_IN)
    time.sleep(DUE_IN + 2)
    early = Day.objects.get(game=faulted.game, number=number).ended_at is not None
    stack.broker = redis_server(BROKER_PORT)
    ended = wait_for(day_ended(faulted, number), timeout=60)
    outcome = "ended during the outage" if early else ("ended after it" if ended else "not ended")
    return outcome, day_checked(faulted, number, answers)


async def racing_clients(
    faulted: FaultGame, day: int, choices: list[dict[int, int]], seconds: float
) -> list[Answer]:
    """Each living player's client changes its vote (between `choices`) as fast as it is
    answered, naming the day it believes open, and moves to the next day when told its day
    ended (409)."""
    deadline = time.monotonic() + seconds
    answers: list[Answer] = []

    async def client(voter_id: int) -> None:
        believed, turn = day, 0
        while time.monotonic() < deadline:
            target = choices[turn % 2][voter_id]
            turn += 1
            try:
                status, response, _ = await request(
                    APP_PORT, vote_raw(faulted, voter_id, target, believed)
                )
            except OSError:
                status, response = 0, b""
            answers.append(answer_of(voter_id, target, status, response))
            if status == 409:
                believed += 1

    await asyncio.gather(*(client(voter) for voter in choices[0]))
    return answers


async def end_now_twice(faulted: FaultGame, day: int, after: float) -> list[int]:
    await asyncio.sleep(after)
    raw = http_request(
        "POST",
        f"/api/v1/games/{faulted.game.pk}/day/end",
        json.dumps({"day": day, "reason": "faults"}).encode(),
        {"Authorization": f"Bearer {faulted.moderator_token}"},
    )
    answered = await asyncio.gather(request(APP_PORT, raw), request(APP_PORT, raw))
    return [status for status, _, _ in answered]


def run_racing_due(stack: Stack, faulted: FaultGame) -> tuple[str, Discrepancy]:
    number, answers = votes_before_due(faulted)
    due_soon(faulted, DUE_IN)
    choices = [day_choices(faulted, number, False), day_choices(faulted, number, True)]
    answers += asyncio.run(racing_clients(faulted, number, choices, RACE_SECONDS))
    ended = wait_for(day_ended(faulted, number))
    refused = sum(a.status == 409 for a in answers)
    outcome = f"{len(answers)} votes/{refused} 409" if ended else "not ended"
    return outcome, day_checked(faulted, number, answers)


def run_racing_end_now(stack: Stack, faulted: FaultGame) -> tuple[str, Discrepancy]:
    number, answers = votes_before_due(faulted)
    choices = [day_choices(faulted, number, False), day_choices(faulted, number, True)]

    async def race() -> tuple[list[Answer], list[int]]:
        return await asyncio.gather(
            racing_clients(faulted, number, choices, RACE_SECONDS),
            end_now_twice(faulted, number, END_NOW_AFTER),
        )

    raced, statuses = asyncio.run(race())
    answers += raced
    refused = sum(a.status == 409 for a in answers)
    outcome = f"{len(answers)} votes/{refused} 409, end now {'+'.join(map(str, sorted(statuses)))}"
    return outcome, end_now_compared(statuses) + day_checked(faulted, number, answers)


FAULTS = (
    ("worker SIGKILLed mid-write", run_killed_worker, 1, 1),
    ("day end's connection terminated", run_terminated_connection, 1, 1),
    ("two workers, two beats", run_doubled, 2, 2),
    ("broker stopped across due time", run_broker_down, 1, 1),
    ("300 clients across due time", run_racing_due, 1, 1),
    ("300 clients across end-day-now", run_racing_end_now, 1, 1),
)


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
