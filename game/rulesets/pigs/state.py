"""The table of a pig game in play: hands, hit points, who has jumped, the deck, the events."""

from __future__ import annotations

from collections.abc import Iterator

from game.rulesets.pigs.cards import CARDS, MASTER, MAX_HP, REBEL
from game.rulesets.pigs.deal import Deal
from game.rulesets.pigs.events import Event


class Decided(Exception):
    """The game is decided (§7): raised the moment it happens, so that everything stops (P5)."""

    def __init__(self, winner: str) -> None:
        super().__init__(winner)
        self.winner = winner


class Table:
    """Pigs are numbered from 0 here and from 1 in the events. `known[p]` is true for the MP and
    for a pig that has jumped (§8). `counts` mirrors the hands so that "has it a Nullify?" needs no
    scan (a hand can grow to thousands of cards)."""

    def __init__(self, deal: Deal, watch: int = 0) -> None:
        self.n = len(deal.roles)
        self.roles = deal.roles
        self.hands = [list(hand) for hand in deal.hands]
        self.counts = [{card: hand.count(card) for card in CARDS} for hand in deal.hands]
        self.hp = [MAX_HP] * self.n
        self.alive = [True] * self.n
        self.known = [role == MASTER for role in deal.roles]
        self.like_rebel = [False] * self.n
        self.crossbow = [False] * self.n
        self.deck = deal.deck
        self.drawn = 0
        self.rebels = deal.roles.count(REBEL)
        self.events: list[Event] = []
        # The table after each of the first `watch` events, for the replay page (an endless game
        # has hundreds of thousands of events: only as many as a page shows are kept).
        self.watch = watch
        self.states: list[tuple] = []

    def emit(self, kind: str, pig: int, other: int = -1, cards: str = "", hp: int = 0) -> None:
        self.events.append(Event(kind, pig + 1, other + 1, cards, hp))
        if len(self.states) < self.watch:
            self.states.append(self.snapshot())

    def snapshot(self) -> tuple:
        """Per pig: hit points, alive, jumped (or the MP), like-rebel, crossbow, hand size."""
        return tuple(
            (self.hp[p], self.alive[p], self.known[p], self.like_rebel[p], self.crossbow[p])
            + (len(self.hands[p]),)
            for p in range(self.n)
        )

    def draw(self, pig: int, count: int) -> str:
        """§4: the top cards; once the deck is empty, its last card again for every draw."""
        cards = self.deck[self.drawn : self.drawn + count]
        if len(cards) < count:
            cards += self.deck[-1] * (count - len(cards))
        self.drawn += count
        self.hands[pig].extend(cards)
        counts = self.counts[pig]
        for card in cards:
            counts[card] += 1
        return cards

    def has(self, pig: int, card: str) -> bool:
        return self.counts[pig][card] > 0

    def discard(self, pig: int, card: str) -> bool:
        """§5: a pig that must discard a kind of card discards its leftmost one; False if none."""
        if not self.counts[pig][card]:
            return False
        self.hands[pig].remove(card)
        self.counts[pig][card] -= 1
        return True

    def discard_all(self, pig: int) -> None:
        """The hand and the crossbow leave the game (a death, or the MP's penalty of §7)."""
        self.hands[pig].clear()
        self.counts[pig] = dict.fromkeys(CARDS, 0)
        self.crossbow[pig] = False

    def ring(self, start: int) -> Iterator[int]:
        """The living pigs counter-clockwise (1, 2, …, n, 1, …) from `start` itself, once round."""
        for step in range(self.n):
            pig = (start + step) % self.n
            if self.alive[pig]:
                yield pig

    def next_alive(self, pig: int) -> int:
        """The pig at distance 1 (§5): the next living one counter-clockwise."""
        for step in range(1, self.n):
            other = (pig + step) % self.n
            if self.alive[other]:
                return other
        return pig
