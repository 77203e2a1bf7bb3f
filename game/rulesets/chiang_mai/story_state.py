"""The state a Chiang Mai game's story is replayed into (M1-M11), and what every stage shares:
cards lost and what follows them, the players entries name. Pure Python."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rulesets.chiang_mai.cards import CARD_NAMES
from game.rulesets.chiang_mai.dawn import Aftermath, CardLost, cards_lost, loss_reasons
from game.rulesets.chiang_mai.night import Thumbs
from game.rulesets.chiang_mai.phases import DEAL
from game.rulesets.chiang_mai.script import Call
from game.rulesets.chiang_mai.table import Hand
from game.rulesets.reasons import Reason

ORDER, NIGHT, AFTER, DAY, RUNOFF, OVER = "order", "night", "after", "day", "runoff", "over"

NIGHTFALL = Reason("nightfall", "Night {night} begins.")
DIED = Reason("died", "Dawn: {player} died.")
NOBODY_DIED = Reason("nobody_died", "Dawn: nobody died.")
OUT = Reason("out", "{player} is out of the game.")
WON = Reason("won", "The game is over: {side} (M9).")
WINNERS = {"village": "the village wins", "killers": "the Killers win"}
VOTE_CHANGED = Reason(
    "vote_changed", "The host changed {player}'s vote from their phone, saying so at the table."
)
POINTING_CHANGED = Reason(
    "pointing_changed",
    "The host changed {player}'s pointing from their phone, saying so at the table.",
)

Rng = Callable[[str], random.Random]


class StoryError(ValueError):
    """An entry the rules refuse at its place in the story, with the words to show."""


@dataclass
class Story:
    """Where the game stands after replaying its entries."""

    table: dict[int, Hand]
    stage: str = ORDER
    night: int = 0
    day: int = 0
    call: int = 0
    script: list[Call] = field(default_factory=list)
    nightfall: dict[int, Hand] = field(default_factory=dict)
    phone_picks: dict[int, int | None] = field(default_factory=dict)
    night_picks: dict[str, dict[int, int | None]] = field(default_factory=dict)
    after: Aftermath | None = None
    ballots: dict[int, dict[int, int]] = field(default_factory=dict)
    own_ballots: set[int] = field(default_factory=set)
    own_picks: set[int] = field(default_factory=set)
    hands: dict[int, int] | None = None
    names: dict[int, str] = field(default_factory=dict)
    tied: tuple[int, ...] = ()
    eliminated: list[int] = field(default_factory=list)
    out: dict[int, tuple[str, int]] = field(default_factory=dict)
    timers: list[dict[str, Any]] = field(default_factory=list)
    farewelled: set[int] = field(default_factory=set)
    thumbs: list[tuple[int, Thumbs]] = field(default_factory=list)
    public: list[tuple[str, Reason]] = field(default_factory=list)
    log: list[tuple[str, Reason]] = field(default_factory=list)
    flags: list[Reason] = field(default_factory=list)
    winner: str | None = None
    entries: int = 0

    @property
    def phase(self) -> tuple[str, int]:
        """The phase an entry now belongs to: the deal, night n (with its dawn), day n (with
        its runoff); the phase engine's open phase follows it (`phases.PHASES`, M10)."""
        if self.stage == ORDER:
            return (DEAL, 0)
        if self.stage == NIGHT or (self.stage in (AFTER, OVER) and self.night > self.day):
            return ("night", self.night)
        return ("day", self.day)

    @property
    def label(self) -> str:
        code, number = self.phase
        return "Deal" if code == DEAL else f"{code.capitalize()} {number}"

    @property
    def current_call(self) -> Call | None:
        return self.script[self.call] if self.stage == NIGHT else None

    @property
    def hunter(self) -> int | None:
        """The Hunter who must shoot now (M6, M11)."""
        return self.after.hunters[0] if self.after and self.after.hunters else None

    def note(self, reasons: Iterable[Reason], *, public: bool = False) -> None:
        for reason in reasons:
            self.log.append((self.label, reason))
            if public:
                self.public.append((self.label, reason))


def lose(story: Story, table: Mapping[int, Hand], deaths: Sequence[int], cause: str) -> None:
    after = cards_lost(table, deaths)
    settle(story, after, after.lost, cause)


def settle(story: Story, after: Aftermath, lost: Iterable[CardLost], cause: str) -> None:
    """The cards `lost` are gone; a player left with none is out (`Story.out`: of `cause`, a
    death cause of the rule set — the night's, the vote's or a Hunter's shot — in this night or
    day)."""
    lost = list(lost)
    story.after, story.table = after, after.table
    story.note(loss_reasons(lost, CARD_NAMES))
    story.note([OUT(players={"player": c.player}) for c in lost if c.eliminated], public=True)
    story.eliminated += [c.player for c in lost if c.eliminated]
    story.out.update({c.player: (cause, story.phase[1]) for c in lost if c.eliminated})
    if after.winner:
        story.winner, story.stage = after.winner, OVER
        story.note([WON(side=WINNERS[after.winner])], public=True)


def kept_as_theirs(
    story: Story, own: set[int], player: int, entry: Mapping[str, Any], changed: Reason
) -> None:
    """M12: what a player enters on their phone is theirs. The host's entry in their place is
    refused unless the host says so (`override`), which the log keeps."""
    if entry.get("own"):
        own.add(player)
        return
    if player not in own:
        return
    if not entry.get("override"):
        name = story.names.get(player, "That player")
        raise StoryError(
            f"{name} entered this on their phone; change it only by saying so at the table (M12)."
        )
    own.discard(player)
    story.note([changed(players={"player": player})])


def player_of(story: Story, value: object) -> int:
    if not isinstance(value, int) or value not in story.table:
        raise StoryError("Choose a player of this game.")
    return value
