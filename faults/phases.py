"""`make faults` on the phase engine of night-and-day games (C1): a classic game of eight
players per run, driven through the API on the real stack (gunicorn, worker, beat):

- two "end the phase now" at once naming the phase: one ends it, the other is told 409;
- two at once without naming it: both refused, no phase ends;
- the last night action at the moment the night's timer runs out (the night ends when all
  actions are in): the night ends once, and the next day begins once;
- a night action after the night's scheduled end, before or after the job closed it: refused,
  not counted;
- the dawn with two workers and two beats, with the broker stopped across the night's end, and
  with its worker SIGKILLed or its connection terminated (pg_terminate_backend) while the dawn
  has written all but its last row (the new day's, held by a lock this script takes): the
  night ends once, its victim dies, and the next day begins once.

Each run returns (outcome, Discrepancy): `lost` a phase end that did not happen, `duplicated`
one that happened twice or a late action counted. Imported by faults/run.py after Django is
set up."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import psycopg
from django.db import connection

from bench.load import http_request, request
from faults.ledger import Discrepancy
from game.models import DueEvent, GamePhase, LogEntry, NightAction, Player, User
from game.services.lobby.accounts import api_token_create
from game.services.lobby.games import game_create
from game.services.lobby.setup import game_start, role_set
from game.services.lobby.signups import signup_create
from game.services.locking import database_now
from game.services.nights.phases import phase_end_now

ROLES = ("mafioso", "mafioso", "cop", "doctor", "villager", "villager", "villager", "villager")
PHASE_TIMEOUT = 30.0
TIMER_IN = 2.0  # seconds from now to the night's scheduled end


@dataclass
class PhaseStack:
    """What a fault needs of the stack faults/run.py started."""

    port: int
    broker_stop: Callable[[], None]
    broker_start: Callable[[], None]
    worker_kill: Callable[[], None]  # SIGKILL the (one) worker and start a new one


@dataclass
class ClassicGame:
    game_id: int
    moderator: User
    moderator_token: str
    players: dict[str, Player]
    tokens: dict[str, str]


def classic_game(tag: str, *, all_in_ends_night: bool = False) -> ClassicGame:
    now = database_now()
    moderator = User.objects.create(username=f"phases-{tag}-mod")
    game = game_create(
        created_by=moderator,
        name=f"Phases {tag}",
        now=now,
        ruleset="classic",
        night_ends_when_all_in=all_in_ends_night,
    )
    players, tokens = {}, {}
    for number, role in enumerate(ROLES):
        user = User.objects.create(username=f"phases-{tag}-{number}")
        name = f"{role}{number}"
        player = signup_create(
            game_id=game.pk, user=user, introduction="Faults.", now=now, name=name
        )
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=moderator, now=now)
        players[name] = player
        tokens[name] = api_token_create(user=user, name="faults")[1]
    game_start(game_id=game.pk, by=moderator, now=now)
    token = api_token_create(user=moderator, name="faults")[1]
    return ClassicGame(game.pk, moderator, token, players, tokens)


def post(path: str, body: dict, token: str) -> bytes:
    return http_request(
        "POST",
        f"/api/v1/games/{path}",
        json.dumps(body).encode(),
        {"Authorization": f"Bearer {token}"},
    )


def twice(port: int, raw: bytes) -> list[int]:
    async def both() -> list[int]:
        answered = await asyncio.gather(request(port, raw), request(port, raw))
        return [status for status, _, _ in answered]

    return asyncio.run(both())


def phases_ended(game_id: int, label: str) -> int:
    return LogEntry.objects.filter(
        game_id=game_id, kind="phase_ended", text=f"{label} has ended."
    ).count()


def wait_for_phase(game_id: int, code: str, number: int) -> bool:
    deadline = time.monotonic() + PHASE_TIMEOUT
    while time.monotonic() < deadline:
        if GamePhase.objects.filter(game_id=game_id, code=code, number=number).exists():
            return True
        time.sleep(0.05)
    return False


def night_opened(classic: ClassicGame) -> GamePhase:
    phase_end_now(
        game_id=classic.game_id, by=classic.moderator, now=database_now(), code="day", number=0
    )
    return GamePhase.objects.get(game_id=classic.game_id, code="night", number=0)


def timer_at(phase: GamePhase, seconds: float) -> dt.datetime:
    """The phase's end, and its due event, `seconds` from now on the database's clock."""
    due = database_now() + dt.timedelta(seconds=seconds)
    GamePhase.objects.filter(pk=phase.pk).update(ends_at=due)
    DueEvent.objects.filter(pk=phase.event_id).update(due_at=due)
    return due


def act(classic: ClassicGame, actor: str, target: str) -> bytes:
    body = {"target_id": classic.players[target].pk, "night": 0}
    return post(f"{classic.game_id}/night-action", body, classic.tokens[actor])


def run_end_now_named(stack: PhaseStack, tag: str) -> tuple[str, Discrepancy]:
    classic = classic_game(tag)
    raw = post(
        f"{classic.game_id}/phase/end", {"code": "day", "number": 0}, classic.moderator_token
    )
    statuses = sorted(twice(stack.port, raw))
    ended = phases_ended(classic.game_id, "Day 0")
    opened = GamePhase.objects.filter(game_id=classic.game_id).count()
    return "+".join(map(str, statuses)), Discrepancy(
        int(ended == 0), max(0, ended - 1) + max(0, opened - 2)
    )


def run_end_now_unnamed(stack: PhaseStack, tag: str) -> tuple[str, Discrepancy]:
    classic = classic_game(tag)
    raw = post(f"{classic.game_id}/phase/end", {}, classic.moderator_token)
    statuses = sorted(twice(stack.port, raw))
    ended = LogEntry.objects.filter(game_id=classic.game_id, kind="phase_ended").count()
    return "+".join(map(str, statuses)), Discrepancy(0, ended)


def run_last_action_at_timer(stack: PhaseStack, tag: str) -> tuple[str, Discrepancy]:
    classic = classic_game(tag, all_in_ends_night=True)
    night = night_opened(classic)
    for actor, target in (
        ("mafioso0", "villager4"),
        ("mafioso1", "villager4"),
        ("cop2", "mafioso0"),
    ):
        asyncio.run(request(stack.port, act(classic, actor, target)))
    due = timer_at(night, TIMER_IN)
    time.sleep(max(0.0, (due - database_now()).total_seconds()))
    status, _, _ = asyncio.run(request(stack.port, act(classic, "doctor3", "villager4")))
    began = wait_for_phase(classic.game_id, "day", 1)
    time.sleep(1.0)  # a second dawn, if any, has time to show
    ends = phases_ended(classic.game_id, "Night 0")
    days = GamePhase.objects.filter(game_id=classic.game_id, code="day", number=1).count()
    return f"last action {status}", Discrepancy(int(not began), max(0, ends - 1) + max(0, days - 1))


def run_late_action(stack: PhaseStack, tag: str) -> tuple[str, Discrepancy]:
    classic = classic_game(tag)
    night = night_opened(classic)
    due = timer_at(night, 0.5)
    time.sleep(max(0.0, (due - database_now()).total_seconds()) + 0.2)
    status, _, _ = asyncio.run(request(stack.port, act(classic, "doctor3", "villager4")))
    counted = NightAction.objects.filter(
        game_id=classic.game_id, actor=classic.players["doctor3"]
    ).exists()
    began = wait_for_phase(classic.game_id, "day", 1)
    return f"late action {status}", Discrepancy(int(not began), int(status == 201 or counted))


def dawn_checked(classic: ClassicGame) -> Discrepancy:
    """Night 0 ended once, its victim (the mafia's pick, nobody saved) died, and day 1 began
    once."""
    began = wait_for_phase(classic.game_id, "day", 1)
    time.sleep(1.0)  # a second dawn, if any, has time to show
    ends = phases_ended(classic.game_id, "Night 0")
    days = GamePhase.objects.filter(game_id=classic.game_id, code="day", number=1).count()
    victim_alive = Player.objects.filter(pk=classic.players["villager4"].pk, alive=True).exists()
    lost = int(not began) + int(began and victim_alive)
    return Discrepancy(lost, max(0, ends - 1) + max(0, days - 1))


class DawnHeld:
    """Holds the dawn before its last write (the new day's row), after every other: a lock that
    conflicts with the insert, on a connection of this script's own."""

    def __enter__(self) -> DawnHeld:
        self.connection = psycopg.connect(os.environ["DATABASE_URL"])
        self.connection.execute("LOCK TABLE game_day IN SHARE MODE")
        return self

    def waiting_backend(self) -> int | None:
        with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as probe:
            row = probe.execute(
                "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND query LIKE 'INSERT INTO \"game_day\"%'"
            ).fetchone()
        return row[0] if row else None

    def __exit__(self, *exc) -> None:
        self.connection.rollback()
        self.connection.close()


def held_dawn(
    stack: PhaseStack, tag: str, fault: Callable[[DawnHeld], None]
) -> tuple[str, Discrepancy]:
    classic, night = night_with_actions(stack, tag)
    with DawnHeld() as held:
        timer_at(night, TIMER_IN)
        deadline = time.monotonic() + PHASE_TIMEOUT
        while held.waiting_backend() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if held.waiting_backend() is None:
            return "dawn never ran", Discrepancy(1, 0)
        fault(held)
    return "held mid-write", dawn_checked(classic)


def run_dawn_worker_killed(stack: PhaseStack, tag: str) -> tuple[str, Discrepancy]:
    return held_dawn(stack, tag, lambda held: stack.worker_kill())


def run_dawn_connection_terminated(stack: PhaseStack, tag: str) -> tuple[str, Discrepancy]:
    def terminate(held: DawnHeld) -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [held.waiting_backend()])

    return held_dawn(stack, tag, terminate)


def night_with_actions(stack: PhaseStack, tag: str) -> tuple[ClassicGame, GamePhase]:
    classic = classic_game(tag)
    night = night_opened(classic)
    for actor, target in (
        ("mafioso0", "villager4"),
        ("mafioso1", "villager4"),
        ("cop2", "mafioso0"),
    ):
        asyncio.run(request(stack.port, act(classic, actor, target)))
    return classic, night


def run_dawn_doubled(stack: PhaseStack, tag: str) -> tuple[str, Discrepancy]:
    classic, night = night_with_actions(stack, tag)
    timer_at(night, TIMER_IN)
    return "dawn", dawn_checked(classic)


def run_dawn_broker_down(stack: PhaseStack, tag: str) -> tuple[str, Discrepancy]:
    classic, night = night_with_actions(stack, tag)
    stack.broker_stop()
    timer_at(night, TIMER_IN)
    time.sleep(TIMER_IN + 2)
    early = GamePhase.objects.filter(pk=night.pk, ended_at__isnull=False).exists()
    stack.broker_start()
    found = dawn_checked(classic)
    return ("dawn during the outage" if early else "dawn after it"), found


# (name, run, workers, beats)
PHASE_FAULTS = (
    ("phases: two end-now, phase named", run_end_now_named, 1, 1),
    ("phases: two end-now, unnamed", run_end_now_unnamed, 1, 1),
    ("phases: last action at the timer", run_last_action_at_timer, 1, 1),
    ("phases: action after the night's end", run_late_action, 1, 1),
    ("phases: dawn, two workers, two beats", run_dawn_doubled, 2, 2),
    ("phases: dawn, broker stopped across it", run_dawn_broker_down, 1, 1),
    ("phases: dawn, worker SIGKILLed", run_dawn_worker_killed, 1, 1),
    ("phases: dawn, connection terminated", run_dawn_connection_terminated, 1, 1),
)
