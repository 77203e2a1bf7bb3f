"""The cards of seed 004 and what each one makes its holder (M2, M3, M5): which role a card
gives, whether it acts where it lies in the hand, what a death does to a hand and the side a
hand dealt fixes, declared once as the rule set's `HANDS`. Pure Python."""

from __future__ import annotations

from typing import Final

from game.rulesets.hands import DealtWith, Hands, TopOrAnywhere, lose_top_card

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

KINGS: Final = frozenset({BLACK_KING, RED_KING})
JACKS: Final = frozenset({BLACK_JACK, RED_JACK})

VILLAGE: Final = "village"
KILLERS: Final = "killers"

ACTIVE: Final = TopOrAnywhere(frozenset({BLACK_KING, BLACK_JACK}))
"""M2: a black King or black Jack acts in any position; every other card only while it is on
top."""

HANDS: Final = Hands(
    size=2,
    active=ACTIVE,
    roles=ROLE_OF,
    death=lose_top_card,
    side=DealtWith(KINGS, KILLERS, VILLAGE),
    key="cards",
)
"""Two cards a player (M1), active as M2 says, each giving its role (M2); a death removes the
top card (M5); a player dealt a King, in either position, is a Killer to the end (M3). The
table keeps each hand in the player's state under "cards" (`table.Hand.as_state`)."""


def card_is_active(card: str, position: int) -> bool:
    """M2: whether `card` acts at `position` of the hand (0: on top)."""
    return ACTIVE.acts(card, position)


def active_roles(cards: tuple[str, ...]) -> frozenset[str]:
    """The roles a hand (top card first) acts as tonight (M2)."""
    return frozenset(HANDS.active_roles(cards))
