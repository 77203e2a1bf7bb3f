"""The cards and the roles of the pig game (§1, §5)."""

from __future__ import annotations

PEACH, SLASH, DODGE, DUEL, INVASION, VOLLEY, NULLIFY, CROSSBOW = "PKDFNWJZ"
CARDS = PEACH + SLASH + DODGE + DUEL + INVASION + VOLLEY + NULLIFY + CROSSBOW
CARD_NAMES = {
    PEACH: "Peach",
    SLASH: "Slash",
    DODGE: "Dodge",
    DUEL: "Duel",
    INVASION: "Southern Invasion",
    VOLLEY: "Volley",
    NULLIFY: "Nullify",
    CROSSBOW: "Pig Crossbow",
}

MASTER, LOYAL, REBEL = "MP", "ZP", "FP"
ROLES = (MASTER, LOYAL, REBEL)
ROLE_NAMES = {MASTER: "Master Pig", LOYAL: "Loyal Pig", REBEL: "Rebel Pig"}

MAX_HP = 4
HAND_SIZE = 4
MAX_PIGS = 10
MAX_DECK = 2000
MAX_TURNS = 100_000

# What an area card's targets must discard to escape it (§6.3).
AREA_RESPONSE = {INVASION: SLASH, VOLLEY: DODGE}


def side_of(role: str) -> str:
    """The MP and the ZPs are one side, the FPs the other (§6.4)."""
    return REBEL if role == REBEL else MASTER
