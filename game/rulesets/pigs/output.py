"""The original's output (§2)."""

from __future__ import annotations

from game.rulesets.pigs.cards import MASTER, REBEL
from game.rulesets.pigs.game import Result


def original_output(result: Result) -> str:
    """§2: the winning side, then per pig DEAD or its hand left to right (an equipped crossbow is
    not shown). An endless game (P6) has no winner: its first line says so."""
    winner = {MASTER: MASTER, REBEL: REBEL, None: "ENDLESS"}[result.winner]
    lines = [winner] + [" ".join(hand) if hand is not None else "DEAD" for hand in result.hands]
    return "\n".join(lines) + "\n"
