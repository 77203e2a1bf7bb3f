"""The day end's faults (faults/run.py's table): the worker killed and the connection terminated
while the day end is held mid-write, doubled workers and beats, the broker down across the due
time, and 300 clients voting across the due time and across the moderators' "end the day now".
Each run returns (outcome, Discrepancy). Imported by faults/run.py after Django is set up."""

from __future__ import annotations

import asyncio
import json
import signal
import time

from django.db import connection

from bench.load import http_request, request
from faults.ledger import Answer, Discrepancy, end_now_compared
from faults.stack import APP_PORT, BROKER_PORT, Stack, redis_server, worker
from faults.votes import (
    DayEndHeld,
    FaultGame,
    answer_of,
    day_checked,
    day_choices,
    day_ended,
    due_soon,
    vote_raw,
    votes_before_due,
    wait_for,
)
from game.models import Day

DUE_IN = 2.0  # seconds from the votes to the due time
RACE_SECONDS = DUE_IN + 3  # the racing clients vote before and after the day's end
END_NOW_AFTER = 1.5  # seconds into the race of the moderator's "end the day now"


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
