"""The deck and the deal (M1): the host's deck builder with its default for the group size,
its validation, and the seeded deal that is redealt while anyone holds a King and a Jack.
Pure Python."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rulesets.chiang_mai.cards import (
    BLACK_JACK,
    BLACK_KING,
    CARD_NAMES,
    JACKS,
    JOKER,
    KINGS,
    NUMBER,
    RED_ACE,
    RED_JACK,
    RED_KING,
    RED_QUEEN,
)

MIN_PLAYERS = 7
CARDS_A_PLAYER = 2
FACE_CARDS = (BLACK_KING, RED_KING, BLACK_JACK, RED_JACK, RED_QUEEN, RED_ACE, JOKER)
IN_ONE_PACK = 2
"""A pack of cards holds two of each face card the host may pick (two black Kings, two red
Queens, two Jokers, …)."""
NUMBERS_IN_ONE_PACK = 36
MAX_DEALS = 1000
"""Redeals tried before the deck is refused as one that (almost) always gives someone a King and
a Jack."""


class DeckError(ValueError):
    """A deck or a deal the rules refuse, with the words to show the host."""


@dataclass(frozen=True)
class Deal:
    """Each player's two cards in the dealt order (top card first), and how many deals it
    took (M1: every deal that gave someone a King and a Jack was redealt)."""

    hands: Mapping[int, tuple[str, str]]
    deals: int


def default_deck(players: int) -> dict[str, int]:
    """M1: one each of black King, red King, black Jack, red Jack, red Queen, red Ace and Joker,
    and from 10 players a second red King and a second red Jack; number cards fill the rest."""
    deck = {card: 1 for card in FACE_CARDS}
    if players >= 10:
        deck[RED_KING] = 2
        deck[RED_JACK] = 2
    return deck


def deck_refusal(players: int, faces: Mapping[str, int]) -> str:
    """Why the host's deck cannot be dealt to `players`, or "" (M1): 7 players at least, two
    cards a player, at least one King and one Jack, no more of a card than one pack holds."""
    if players < MIN_PLAYERS:
        return f"Chiang Mai needs at least {MIN_PLAYERS} players (M1); this game has {players}."
    unknown = sorted(set(faces) - set(FACE_CARDS))
    if unknown:
        return f"Unknown card: {', '.join(unknown)}."
    for card, count in faces.items():
        if not 0 <= count <= IN_ONE_PACK:
            return f"{CARD_NAMES[card]}: choose between 0 and {IN_ONE_PACK} (one pack of cards)."
    if sum(faces.get(card, 0) for card in KINGS) < 1:
        return "The deck needs at least one King (M1)."
    if sum(faces.get(card, 0) for card in JACKS) < 1:
        return "The deck needs at least one Jack (M1)."
    # At most two of each of seven face cards fit the 14 cards of 7 players: never too many.
    numbers = players * CARDS_A_PLAYER - sum(faces.values())
    if numbers > NUMBERS_IN_ONE_PACK:
        return f"One pack has only {NUMBERS_IN_ONE_PACK} number cards; add face cards."
    return ""


def deck_cards(players: int, faces: Mapping[str, int]) -> list[str]:
    """The whole deck for `players`: the chosen face cards, number cards for the rest (M1)."""
    refusal = deck_refusal(players, faces)
    if refusal:
        raise DeckError(refusal)
    cards = [card for card in FACE_CARDS for _ in range(faces.get(card, 0))]
    return cards + [NUMBER] * (players * CARDS_A_PLAYER - len(cards))


def holds_king_and_jack(hand: Sequence[str]) -> bool:
    """M1: a hand with a King and a Jack is not allowed; the whole deal is redealt."""
    return bool(KINGS.intersection(hand)) and bool(JACKS.intersection(hand))


def deal(seats: Sequence[int], faces: Mapping[str, int], rng: random.Random) -> Deal:
    """M1, C8: shuffle with the game's seeded generator and deal two cards to each player in
    seat order; redeal the whole deck while any hand holds a King and a Jack."""
    cards = deck_cards(len(seats), faces)
    for attempt in range(1, MAX_DEALS + 1):
        rng.shuffle(cards)
        hands = {player: (cards[2 * i], cards[2 * i + 1]) for i, player in enumerate(seats)}
        if not any(holds_king_and_jack(hand) for hand in hands.values()):
            return Deal(hands, attempt)
    raise DeckError(
        f"After {MAX_DEALS} deals someone still held a King and a Jack: "
        "use fewer Kings or Jacks (M1)."
    )


def _plural(card: str, count: int) -> str:
    name = CARD_NAMES[card]
    return f"{count} {name}{'' if count == 1 else 's'}"


def physical_deal_refusal(
    hands: Mapping[int, Sequence[str]], faces: Mapping[str, int], names: Mapping[int, str]
) -> str:
    """Why the cards a host says were dealt from a real deck cannot be, or "" (M1, M3): two
    cards a player, each a card of the deck, as many of each card as the deck holds, and no
    hand with a King and a Jack (that deal is redealt at the table, M1). The refusal names the
    card, and the player where one is at fault."""
    refusal = deck_refusal(len(hands), faces)
    if refusal:
        return refusal
    for player, hand in hands.items():
        if len(hand) != CARDS_A_PLAYER or any(card not in CARD_NAMES for card in hand):
            return f"{names[player]}: enter the two cards they were dealt."
        if holds_king_and_jack(hand):
            return (
                f"{names[player]} holds a King and a Jack: at the table that deal is redealt "
                "(M1); enter the new deal."
            )
    dealt = Counter(card for hand in hands.values() for card in hand)
    for card, count in Counter(deck_cards(len(hands), faces)).items():
        if dealt[card] != count:
            return (
                f"The hands hold {_plural(card, dealt[card])}; the deck has "
                f"{_plural(card, count)} (M1)."
            )
    return ""


def physical_deal(
    hands: Mapping[int, Sequence[str]], faces: Mapping[str, int], names: Mapping[int, str]
) -> Deal:
    """The deal a host made with a real deck, checked (M1): the hands as entered, top card
    first in the order entered."""
    refusal = physical_deal_refusal(hands, faces, names)
    if refusal:
        raise DeckError(refusal)
    return Deal({player: (hand[0], hand[1]) for player, hand in hands.items()}, 0)
