"""What a bot's player client needs of a game, and the small interface through which it asks
the server (`GameApi`). The HTTP client in bots.http_api implements it against the app's JSON
API; tests implement it however they like. Every name here is a protocol name (C10)."""

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

DAY = "day"
NIGHT = "night"

RUNNING = "running"
# How the server records a death (the app's death causes).
KILLED = "kill"
EXECUTED = "execution"


@dataclass(frozen=True)
class Seat:
    name: str
    alive: bool
    role: str | None = None  # known to this player: their own, an ally's
    display: str = ""  # the name the server shows, which signs the player's posts


@dataclass(frozen=True)
class Death:
    """A death and the role it revealed (C6): `day` is the night's number for a night kill."""

    name: str
    day: int
    cause: str
    role: str


@dataclass(frozen=True)
class Voted:
    id: int
    day: int
    voter: str
    target: str | None  # None is "no one"
    at: str  # ISO 8601


@dataclass(frozen=True)
class Said:
    id: int
    speaker: str
    text: str
    at: str  # ISO 8601


@dataclass(frozen=True)
class Investigated:
    """The cop's result, told to the cop alone."""

    night: int
    target: str
    alignment: str


@dataclass(frozen=True)
class GameView:
    """The game as this player sees it now, with its record: the deaths and what they revealed,
    every vote, and this player's results."""

    status: str
    phase: str | None  # DAY or NIGHT, None before the start
    number: int
    me: str
    role: str | None
    allies: tuple[str, ...]
    seats: tuple[Seat, ...] = field(default=())  # in seat order (C9)
    deaths: tuple[Death, ...] = field(default=())
    votes: tuple[Voted, ...] = field(default=())
    results: tuple[Investigated, ...] = field(default=())

    @property
    def running(self) -> bool:
        return self.status == RUNNING and self.phase is not None

    @property
    def alive(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.alive]

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]


def moment(at: str) -> dt.datetime:
    return dt.datetime.fromisoformat(at)


class Refused(Exception):
    """The server refused an action, with its reason."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class GameApi(Protocol):
    """One player's view of one game and the actions the bot protocol needs. Each method is one
    operation of the server (or a few)."""

    def view(self) -> GameView: ...

    def sayings(self, day: int) -> Sequence[Said]:
        """Everything said on `day` in the seed's messages, oldest first."""
        ...

    def vote(self, day: int, target: str | None) -> None: ...

    def say(self, day: int, text: str) -> None: ...

    def night_action(self, night: int, target: str | None) -> None: ...
