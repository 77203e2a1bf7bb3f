"""What the clients were told against what the database counted: the pure part of
`make faults`, with no Django, so that its tests need no database."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass


@dataclass(frozen=True)
class Answer:
    """One vote request as its client saw it, in the order the client sent them: `status` 201
    with the `day` the answer named, 409 (refused: the day it named had ended), another refusal,
    or 0 when no answer came."""

    voter_id: int
    target_id: int
    status: int
    day: int | None = None


@dataclass(frozen=True)
class StoredVote:
    voter_id: int
    target_id: int
    day: int
    id: int


@dataclass(frozen=True)
class Discrepancy:
    lost: int
    duplicated: int

    def __add__(self, other: Discrepancy) -> Discrepancy:
        return Discrepancy(self.lost + other.lost, self.duplicated + other.duplicated)


NONE = Discrepancy(0, 0)
ACCEPTED = 201
UNANSWERED = 0


def votes_compared(answers: list[Answer], stored: list[StoredVote]) -> Discrepancy:
    """Per voter and day, the votes acknowledged (201 naming that day) against the votes stored
    for that day. An acknowledged vote missing is lost; a stored vote nobody was told of (a 409
    that was recorded after all, or a vote filed for another day than the answer said: moved)
    is duplicated, unless a request of that voter for that target went unanswered (status 0:
    the connection failed, so the client cannot know). A voter whose latest stored vote is not
    the latest acknowledged one has another vote counted than the one they were told: lost
    (R5)."""
    told: dict[tuple[int, int], list[int]] = defaultdict(list)
    unanswered: dict[int, Counter] = defaultdict(Counter)
    for answer in answers:
        if answer.status == ACCEPTED:
            told[(answer.voter_id, answer.day)].append(answer.target_id)
        elif answer.status == UNANSWERED:
            unanswered[answer.voter_id][answer.target_id] += 1
    counted: dict[tuple[int, int], list[int]] = defaultdict(list)
    for vote in sorted(stored, key=lambda v: v.id):
        counted[(vote.voter_id, vote.day)].append(vote.target_id)
    lost = duplicated = 0
    for key in sorted(told.keys() | counted.keys()):
        voter_id = key[0]
        acknowledged, recorded = Counter(told.get(key, [])), Counter(counted.get(key, []))
        missing, extra = acknowledged - recorded, recorded - acknowledged
        explained = extra & unanswered[voter_id]
        unanswered[voter_id] -= explained
        lost += missing.total()
        duplicated += (extra - explained).total()
        latest_differs = told.get(key, [None])[-1] != counted.get(key, [None])[-1]
        if not missing and not extra and latest_differs:
            lost += 1
    return Discrepancy(lost, duplicated)


def day_end_compared(day_ends: int, expected_deaths: set[int], deaths: set[int]) -> Discrepancy:
    """A day must end exactly once (R4) and kill exactly the players its votes executed: a
    missing day end or death is lost, a second day end or an extra death is duplicated."""
    return Discrepancy(
        lost=(1 if day_ends == 0 else 0) + len(expected_deaths - deaths),
        duplicated=max(0, day_ends - 1) + len(deaths - expected_deaths),
    )


def end_now_compared(statuses: list[int]) -> Discrepancy:
    """Concurrent "end the day now" requests naming one day: exactly one ends it (200), every
    other is told it has already ended (409)."""
    ended = statuses.count(200)
    refused = statuses.count(409)
    return Discrepancy(
        lost=(1 if ended == 0 else 0) + len(statuses) - ended - refused,
        duplicated=max(0, ended - 1),
    )
