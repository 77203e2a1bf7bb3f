"""A played game as the replay page and the API show it: each event in plain words, and what
everybody could see of the table after it (P2)."""

from __future__ import annotations

from game.rulesets.pigs.cards import MASTER
from game.rulesets.pigs.events import describe
from game.rulesets.pigs.game import Result

# The flags of a pig in a frame, one bit each.
ALIVE, KNOWN, LIKE_REBEL, CROSSBOW = 1, 2, 4, 8


def _frame(state: tuple) -> list[list[int]]:
    """Per pig: hit points, flags, hand size (a compact form: a page carries thousands)."""
    return [
        [hp, alive * ALIVE | known * KNOWN | like_rebel * LIKE_REBEL | crossbow * CROSSBOW, hand]
        for hp, alive, known, like_rebel, crossbow, hand in state
    ]


def frames(result: Result) -> list[dict]:
    """The table at the start, then after each watched event with its words."""
    roles = result.deal.roles
    shown = [
        {"text": "The cards are dealt; the Master Pig plays first.", "pigs": _frame(result.start)}
    ]
    shown += [
        {"text": describe(event, roles), "pigs": _frame(state)}
        for event, state in zip(result.events, result.states, strict=False)
    ]
    return shown


def public_role(role: str, flags: int) -> str:
    """What the table knows of a pig: the Master from the start, the others once they jumped or
    died (§3, §8); "?" otherwise."""
    if role == MASTER or flags & KNOWN or not flags & ALIVE:
        return role
    return "?"
