"""What a bot's player client needs of a game, and the small interface through which it asks
the server (`GameApi`). The HTTP client in bots.http_api implements it against the app's JSON
API; tests implement it however they like."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

DAY = "day"
NIGHT = "night"

RUNNING = "running"


@dataclass(frozen=True)
class Seat:
    name: str
    alive: bool
    role: str | None = None  # known to this player: their own, an ally's, a dead player's


@dataclass(frozen=True)
class GameView:
    """The game as this player sees it now."""

    status: str
    phase: str | None  # DAY or NIGHT, None before the start
    number: int
    me: str
    role: str | None
    allies: tuple[str, ...]
    seats: tuple[Seat, ...] = field(default=())

    @property
    def running(self) -> bool:
        return self.status == RUNNING and self.phase is not None

    @property
    def alive(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.alive]

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def seat(self, name: str) -> Seat | None:
        return next((seat for seat in self.seats if seat.name == name), None)


@dataclass(frozen=True)
class Voted:
    voter: str
    target: str | None  # None is "no one"


@dataclass(frozen=True)
class Said:
    speaker: str
    text: str


@dataclass(frozen=True)
class Investigated:
    """The cop's result, told to the cop alone."""

    night: int
    target: str
    alignment: str


@dataclass(frozen=True)
class Revealed:
    """A death's public reveal of the role (C6): "They were the cop."."""

    name: str
    role: str


Event = Voted | Said | Investigated | Revealed


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

    def events_since(self, cursor: str | None) -> tuple[Sequence[Event], str | None]:
        """Votes, sayings, the roles deaths revealed and this player's investigation results
        after `cursor`, oldest first, with the cursor to ask from next time (None: from the
        start)."""
        ...

    def vote(self, day: int, target: str | None) -> None: ...

    def say(self, day: int, text: str) -> None: ...

    def night_action(self, night: int, target: str | None) -> None: ...
