"""Who may be named as a suspect of a death (R12, R19, R21): the pages offer exactly these
players, and an investigation naming anyone else is refused with the reason.

R19 asks "Did X kill Y?", whose truthful answer is yes when X made the kill; R12 lets a kill be
made only by a living player other than its victim ("Dead players tell no tales"). So the
suspects of Y's death are the players who were alive at the moment Y was killed, Y excepted.
A player who died later, the same day or since, stays a suspect. Which capacity asks does not
change who may be named: every capacity asks the R19 question (R22-R24), a group investigation
asks it of each member of its set (R31), a Gay Knight guesses their partner's killer (R26).

Decisions no ruling spells out:
- The asker is not their own suspect: they know whether they made the kill, so the question
  could only probe the deceptions of R19 (a frame on them, the Don's or the press's cover),
  which only the moderators see (R50).
- Only a frame could make "did X kill Y?" answer yes for a player X the rules leave out here;
  such a frame (R37) is spent on a question nobody may ask.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Final

from game.rulesets.live_action.facts import PlayerLife
from game.rulesets.reasons import Reason

OWN_DEATH: Final = Reason(
    "suspect_is_victim", "Nobody makes a kill on themself: {victim} is no suspect of it (R12)."
)
DEAD_BEFORE: Final = Reason(
    "suspect_dead_before",
    "{suspect} was already dead when {victim} was killed, and dead players make no kills (R12).",
)
ASKER: Final = Reason(
    "suspect_is_asker", "You cannot name yourself: you know whether you made the kill."
)


def suspect_refusal(
    suspect: PlayerLife, *, victim: int, killed_at: datetime, asker: int
) -> Reason | None:
    """Why `suspect` may not be named in `asker`'s question about the kill of `victim` at
    `killed_at`, or None when they may (R12, R19; the asker by the module's decision)."""
    if suspect.player == victim:
        return OWN_DEATH(players={"victim": victim})
    if suspect.player == asker:
        return ASKER
    if not suspect.alive_at(killed_at):
        return DEAD_BEFORE(players={"suspect": suspect.player, "victim": victim})
    return None


def allowed_suspects(
    players: Iterable[PlayerLife], *, victim: int, killed_at: datetime, asker: int
) -> list[int]:
    """The players `asker` may name as suspects of the kill of `victim` at `killed_at` (R12,
    R19), in the order given: those `suspect_refusal` does not refuse."""
    return [
        life.player
        for life in players
        if suspect_refusal(life, victim=victim, killed_at=killed_at, asker=asker) is None
    ]
