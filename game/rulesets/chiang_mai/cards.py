"""The cards of seed 004 and what each one makes its holder (M2): which role a card gives, and
whether it acts where it lies in the hand. Pure Python."""

from __future__ import annotations

from typing import Final

BLACK_KING: Final = "black_king"
RED_KING: Final = "red_king"
BLACK_JACK: Final = "black_jack"
RED_JACK: Final = "red_jack"
RED_QUEEN: Final = "red_queen"
RED_ACE: Final = "red_ace"
JOKER: Final = "joker"
NUMBER: Final = "number"

KILLER: Final = "killer"
POLICEMAN: Final = "policeman"
DOCTOR: Final = "doctor"
ASSASSIN: Final = "assassin"
HUNTER: Final = "hunter"
VILLAGER: Final = "villager"

ROLE_OF: Final[dict[str, str]] = {
    BLACK_KING: KILLER,
    RED_KING: KILLER,
    BLACK_JACK: POLICEMAN,
    RED_JACK: POLICEMAN,
    RED_QUEEN: DOCTOR,
    RED_ACE: ASSASSIN,
    JOKER: HUNTER,
    NUMBER: VILLAGER,
}
"""M2: King = Killer, Jack = Policeman, red Queen = Doctor, red Ace = Assassin, Joker = Hunter,
number card = Villager."""

CARD_NAMES: Final[dict[str, str]] = {
    BLACK_KING: "Black King",
    RED_KING: "Red King",
    BLACK_JACK: "Black Jack",
    RED_JACK: "Red Jack",
    RED_QUEEN: "Red Queen",
    RED_ACE: "Red Ace",
    JOKER: "Joker",
    NUMBER: "Number card",
}

ROLE_NAMES: Final[dict[str, str]] = {
    KILLER: "Killer",
    POLICEMAN: "Policeman",
    DOCTOR: "Doctor",
    ASSASSIN: "Assassin",
    HUNTER: "Hunter",
    VILLAGER: "Villager",
}

ACTIVE_ANYWHERE: Final = frozenset({BLACK_KING, BLACK_JACK})
KINGS: Final = frozenset({BLACK_KING, RED_KING})
JACKS: Final = frozenset({BLACK_JACK, RED_JACK})


def card_is_active(card: str, position: int) -> bool:
    """M2: a black King or black Jack acts in any position; every other card only while it is
    on top (position 0)."""
    return position == 0 or card in ACTIVE_ANYWHERE


def active_roles(cards: tuple[str, ...]) -> frozenset[str]:
    """The roles a hand (top card first) acts as tonight (M2)."""
    return frozenset(
        ROLE_OF[card] for position, card in enumerate(cards) if card_is_active(card, position)
    )
