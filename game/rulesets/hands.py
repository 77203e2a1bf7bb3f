"""A player's hand of role cards and the rule set's state of a player. Pure Python, no Django.

A player holds an ordered hand of one or more cards: the classic and live-action rule sets
deal hands of one (the player's role); a rule set that deals more keeps the order in the
player's state under `HAND` (top card first). The rule set declares its hands in one place
(`Hands`): how many cards a player is dealt, which of them act (the top one, any, or some in
any position and the others on top only), the role each card gives, what a death does to a
hand (the player dies, or loses the top card) and how a player's side is fixed (by the role
dealt, or by a card dealt in any position). Its other per-player values (hit points, doses,
charges) are declared as `StateField`s and checked by `state_checked` before they are
stored."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

HAND: Final = "hand"
"""The key of a player's state that keeps a hand of more than one card, top card first."""


class StateError(ValueError):
    pass


@dataclass(frozen=True)
class StateField:
    """One value a rule set keeps per player: its key, its type (int, bool, str or list) and
    its value at the deal; an int may not go below `minimum`."""

    name: str
    kind: type
    default: Any
    minimum: int | None = None


def hand_of(role: str, state: Mapping[str, Any] | None) -> tuple[str, ...]:
    """A player's ordered hand: the cards their state keeps, else a hand of one (their role),
    else none (before the deal)."""
    cards = (state or {}).get(HAND)
    if cards:
        return tuple(cards)
    return (role,) if role else ()


def top_card(hand: Sequence[str]) -> tuple[str, ...]:
    """Only the top card acts (the hands of one, and Chiang Mai's ordered pair, M4)."""
    return tuple(hand[:1])


def every_card(hand: Sequence[str]) -> tuple[str, ...]:
    """Every card of the hand acts."""
    return tuple(hand)


@dataclass(frozen=True)
class TopOrAnywhere:
    """The cards in `anywhere` act in any position of the hand, every other card only while it
    is on top (Chiang Mai's black Kings and Jacks, M2)."""

    anywhere: frozenset[str]

    def acts(self, card: str, position: int) -> bool:
        return position == 0 or card in self.anywhere

    def __call__(self, hand: Sequence[str]) -> tuple[str, ...]:
        return tuple(card for position, card in enumerate(hand) if self.acts(card, position))


def die(hand: Sequence[str]) -> tuple[str, ...]:
    """A death is final: the whole hand goes with its player (the one-card rule sets)."""
    return ()


def lose_top_card(hand: Sequence[str]) -> tuple[str, ...]:
    """M5: a death removes the top card, face down; the card under it is on top from that
    moment, and a player with no card left is out of the game."""
    return tuple(hand[1:])


@dataclass(frozen=True)
class DealtWith:
    """M3: a player dealt any of `cards`, in any position, is of `side` to the end of the game,
    even after losing that card; everyone else is of `otherwise`."""

    cards: frozenset[str]
    side: str
    otherwise: str

    def __call__(self, dealt: Sequence[str]) -> str:
        return self.side if self.cards.intersection(dealt) else self.otherwise


Cards = Callable[[Sequence[str]], tuple[str, ...]]
Side = Callable[[Sequence[str]], str]


@dataclass(frozen=True)
class Hands:
    """How a rule set's players hold their cards, declared in one place: `size` cards dealt a
    player, which of them act (`active`), the role each card gives (`roles`, card to role; a
    card missing there is its own role), what a death does to a hand (`death`: the hand left)
    and the side a player is fixed to by the hand dealt (`side`; None: the side of the role
    they hold, which may change, as a conscript's does, R16). `key` is where a player's state
    keeps the hand (`HAND` unless the rule set keeps it under a name of its own)."""

    size: int = 1
    active: Cards = top_card
    roles: Mapping[str, str] = field(default_factory=dict, hash=False)
    death: Callable[[Sequence[str]], tuple[str, ...]] = die
    side: Side | None = None
    key: str = HAND

    def held(self, role: str, state: Mapping[str, Any] | None) -> tuple[str, ...]:
        """A player's ordered hand: the cards their state keeps under `key`, else a hand of one
        (their role), else none (before the deal)."""
        cards = (state or {}).get(self.key)
        if cards is not None and self.key != HAND:
            return tuple(cards)
        return hand_of(role, state)

    def role_of(self, card: str) -> str:
        return self.roles.get(card, card)

    def active_roles(self, hand: Sequence[str]) -> tuple[str, ...]:
        """The roles a hand acts as now: each active card's, each once, top card first."""
        return tuple(dict.fromkeys(self.role_of(card) for card in self.active(hand)))

    def after_deaths(self, hand: Sequence[str], deaths: int = 1) -> tuple[str, ...]:
        """The hand left after `deaths` deaths (M5: two deaths in one night take two cards);
        empty: the player is out of the game."""
        left = tuple(hand)
        for _ in range(deaths):
            left = self.death(left)
        return left

    @property
    def deaths_stack(self) -> bool:
        """Whether a second death of one player in one night takes something too: it does when
        a death may leave cards in the hand (M5), never when a death is final."""
        return self.death is not die


def state_checked(
    fields: Sequence[StateField], raw: Mapping[str, Any] | None, roles: Sequence[str] = ()
) -> dict[str, Any]:
    """A player's state as the rule set defines it: its declared values (their defaults
    filling in what is missing) and the hand; StateError says what is wrong. `roles` are the
    rule set's role codes, which a hand may hold."""
    raw = dict(raw or {})
    known = {f.name: f for f in fields}
    unknown = set(raw) - set(known) - {HAND}
    if unknown:
        raise StateError(f"Unknown player state: {', '.join(sorted(unknown))}.")
    checked: dict[str, Any] = {}
    for name, spec in known.items():
        value = raw.get(name, spec.default)
        if spec.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise StateError(f"{name} must be a whole number.")
        if not isinstance(value, spec.kind):
            raise StateError(f"{name} must be a {spec.kind.__name__}.")
        if spec.minimum is not None and value < spec.minimum:
            raise StateError(f"{name} cannot go below {spec.minimum}.")
        checked[name] = list(value) if isinstance(value, list) else value
    if HAND in raw:
        hand = raw[HAND]
        if not isinstance(hand, list) or any(card not in roles for card in hand):
            raise StateError("A hand is a list of the rule set's role cards.")
        checked[HAND] = list(hand)
    return checked
