"""A player's hand of role cards and the rule set's state of a player. Pure Python, no Django.

A player holds an ordered hand of one or more role cards: the classic and live-action rule sets
deal hands of one (the player's role); a rule set that deals more keeps the order in the
player's state under `HAND` (top card first). The rule set says which cards are active
(`Ruleset.active_cards`: the top one, or all of them). Its other per-player values (hit
points, doses, charges) are declared as `StateField`s and checked by `state_checked` before
they are stored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
        checked[name] = value
    if HAND in raw:
        hand = raw[HAND]
        if not isinstance(hand, list) or any(card not in roles for card in hand):
            raise StateError("A hand is a list of the rule set's role cards.")
        checked[HAND] = list(hand)
    return checked
