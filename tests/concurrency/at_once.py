"""Requests sent at the same moment, each on its own thread and so on its own database
connection, as players' phones send them: through the whole stack (middleware, API, services)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.db import connections
from django.http import HttpResponse
from django.test import Client

from tests.conftest import client_for


@dataclass(frozen=True)
class Call:
    """One request: `client.<method>(path, body)`, the body as JSON (or as a form's fields)."""

    client: Client
    method: str
    path: str
    body: dict | None = None
    form: bool = False

    def send(self) -> HttpResponse:
        send = getattr(self.client, self.method)
        if self.body is None:
            return send(self.path)
        if self.form:
            return send(self.path, self.body)
        return send(self.path, json.dumps(self.body), content_type="application/json")


def post(user, path: str, body: dict | None = None) -> Call:
    return Call(client_for(user), "post", path, body or {})


def get(user, path: str) -> Call:
    return Call(client_for(user), "get", path)


def at_once(calls: Sequence[Call]) -> list[HttpResponse]:
    """Sends every call at once (a barrier releases the threads together) and returns the
    answers in the calls' order. An exception the stack did not turn into an answer fails."""
    barrier = threading.Barrier(len(calls))
    answers: list[HttpResponse | BaseException | None] = [None] * len(calls)

    def run(index: int, call: Call) -> None:
        try:
            barrier.wait()
            answers[index] = call.send()
        except BaseException as error:  # noqa: BLE001 (reported below, with the call)
            answers[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    problems = [
        f"{call.method.upper()} {call.path}: {answer!r}"
        for call, answer in zip(calls, answers, strict=True)
        if not isinstance(answer, HttpResponse) or answer.status_code >= 500
    ]
    assert problems == [], problems
    return answers  # type: ignore[return-value]


def statuses(answers: Sequence[HttpResponse]) -> list[int]:
    return sorted(answer.status_code for answer in answers)


def refusals_are_clear(answers: Sequence[HttpResponse]) -> None:
    """Every 4xx says why, in the API's words (`detail`)."""
    for answer in answers:
        if 400 <= answer.status_code < 500:
            assert answer.json().get("detail"), answer.content


def one_winner(answers: Sequence[HttpResponse], ok: int = 201) -> HttpResponse:
    """One answer is `ok`, the others are clear refusals; returns the winner."""
    winners = [answer for answer in answers if answer.status_code == ok]
    assert len(winners) == 1, [(a.status_code, a.content[:200]) for a in answers]
    refusals_are_clear([answer for answer in answers if answer is not winners[0]])
    assert all(400 <= a.status_code < 500 for a in answers if a is not winners[0])
    return winners[0]


Act = Callable[[], list[HttpResponse]]
