"""The table: every player's hand (top card first), their side and their doses, in seat order;
who is active, the sides, cards lost and the win (M2, M3, M5, M9). Pure Python: the services keep
each hand in `Player.state` as `Hand.as_state()`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.rulesets.chiang_mai.cards import (
    HANDS,
    JACKS,
    KILLER,
    KILLERS,
    VILLAGE,
    active_roles,
)


@dataclass(frozen=True)
class Hand:
    """One player's cards, top first (an eliminated player holds none), whether they were dealt
    a King (M3) and the doctor's doses they carry (M4)."""

    cards: tuple[str, ...]
    killer: bool
    doses: int = 0

    @classmethod
    def dealt(cls, cards: Sequence[str]) -> Hand:
        """M3: a player dealt a King, in either position, is a Killer to the end of the game."""
        return cls(tuple(cards), killer=HANDS.side(cards) == KILLERS)

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> Hand:
        return cls(tuple(state["cards"]), bool(state["killer"]), int(state.get("doses", 0)))

    def as_state(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "killer": self.killer, "doses": self.doses}

    @property
    def in_game(self) -> bool:
        """M5: a player is eliminated once they have lost their second card."""
        return bool(self.cards)

    @property
    def top(self) -> str | None:
        return self.cards[0] if self.cards else None

    @property
    def roles(self) -> frozenset[str]:
        """The roles this hand acts as now (M2)."""
        return active_roles(self.cards)

    @property
    def side(self) -> str:
        """M3: Killers (dealt a King) and everyone else, the village."""
        return KILLERS if self.killer else VILLAGE

    def reordered(self, top: str) -> Hand:
        """M1: before night 1 the player puts `top` on top; the other card goes under."""
        if top not in self.cards or len(self.cards) != 2:
            raise ValueError("Choose one of your two cards to put on top.")
        index = self.cards.index(top)
        return replace(self, cards=(self.cards[index], self.cards[1 - index]))

    def without_top(self) -> Hand:
        """M5: a death removes the top card; the one under it is on top from that moment."""
        return replace(self, cards=HANDS.after_deaths(self.cards))


Table = Mapping[int, Hand]
"""Every player's hand, keyed by player id, in seat order (C9)."""


def holders_of(table: Table, role: str) -> list[int]:
    """The players in game whose cards act as `role` now, in seat order (M2)."""
    return [player for player, hand in table.items() if role in hand.roles]


def active_killers(table: Table) -> list[int]:
    """M3: the Killers with an active King wake together (a red King under another card joins
    them once it is on top)."""
    return holders_of(table, KILLER)


def winner(table: Table) -> str | None:
    """M9: no Killer left in the game, the village wins; no Jack left in any hand, the Killers
    win; both at once, the village wins. None while the game goes on."""
    if not any(hand.killer and hand.in_game for hand in table.values()):
        return VILLAGE
    if not any(JACKS.intersection(hand.cards) for hand in table.values()):
        return KILLERS
    return None


@dataclass(frozen=True)
class CardLost:
    """A card that left the game: whose it was, which card, and whether its holder is now
    eliminated (M5)."""

    player: int
    card: str
    eliminated: bool


def cards_removed(table: Table, deaths: Iterable[int]) -> tuple[dict[int, Hand], list[CardLost]]:
    """M5: each death removes the dead player's top card, all at once; two deaths of one player
    remove both cards. A player with no card left takes no further death."""
    hands = dict(table)
    lost = []
    for player in deaths:
        hand = hands[player]
        if not hand.in_game:
            continue
        hands[player] = hand.without_top()
        lost.append(CardLost(player, hand.cards[0], not hands[player].in_game))
    return hands, lost
