"""A game of 300 players under faults: its voters' API calls, its day's end brought close, and
what is checked after (the day ended once with its execution alone, every acknowledged vote
counted for the day its answer named). Imported by faults/run.py after Django is set up."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import psycopg

from bench.games import build_game
from bench.load import http_request, request
from faults.ledger import Answer, Discrepancy, StoredVote, day_end_compared, votes_compared
from faults.stack import APP_PORT, DATABASE_URL
from game.models import Day, DayEndRecord, DueEvent, Game, LogEntry, Player, Vote
from game.models.accounts import ApiToken, hash_token
from game.rulesets.registry import DAY_END_EVENT
from game.services.lobby.accounts import api_token_create
from game.services.locking import database_now

PLAYERS = 300
DAY_END_TIMEOUT = 30.0


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


def votes_before_due(faulted: FaultGame) -> tuple[int, list[Answer]]:
    number = faulted.day()
    return number, asyncio.run(vote_round(faulted, day_choices(faulted, number, False), number))
