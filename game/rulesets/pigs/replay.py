"""A played game as the replay page shows it: each event in plain words, and what everybody
could see of the table after it (P2)."""

from __future__ import annotations

from game.rulesets.pigs.cards import CARD_NAMES, LOYAL, MASTER, REBEL
from game.rulesets.pigs.game import Result
from game.rulesets.pigs.words import Part, event_parts

# The flags of a pig in a frame, one bit each.
ALIVE, KNOWN, LIKE_REBEL, CROSSBOW = 1, 2, 4, 8

SIDE_WORDS = {MASTER: "Master", LOYAL: "Loyal", REBEL: "Rebel", "": "Side unknown"}
"""What the table knows of a pig's side, in words (a chip on the replay page)."""

DEALT: list[Part] = ["The cards are dealt; the Master Pig plays first."]


def _frame(state: tuple) -> list[list[int]]:
    """Per pig: hit points, flags, hand size (a compact form: a page carries thousands)."""
    return [
        [hp, alive * ALIVE | known * KNOWN | like_rebel * LIKE_REBEL | crossbow * CROSSBOW, hand]
        for hp, alive, known, like_rebel, crossbow, hand in state
    ]


def frames(result: Result) -> list[dict]:
    """The table at the start, then after each watched event with its words (`parts`: text,
    and each card as `[letter]`)."""
    roles = result.deal.roles
    shown = [{"parts": DEALT, "pigs": _frame(result.start)}]
    shown += [
        {"parts": event_parts(event, roles), "pigs": _frame(state)}
        for event, state in zip(result.events, result.states, strict=False)
    ]
    return shown


def public_side(role: str, flags: int) -> str:
    """What the table knows of a pig, in words: the Master from the start, the others once
    they showed their side or died (§3, §8); "Side unknown" otherwise."""
    if role == MASTER or flags & KNOWN or not flags & ALIVE:
        return SIDE_WORDS[role]
    return SIDE_WORDS[""]


def named_cards(cards: str) -> list[dict[str, str]]:
    """A hand's cards by name, each with its letter of the original's format."""
    return [{"name": CARD_NAMES[letter], "letter": letter} for letter in cards]
