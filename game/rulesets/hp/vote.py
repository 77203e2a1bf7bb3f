"""The day's vote (H8): the player with most votes is voted out; a tie repeats the whole vote,
and after the third tied vote in a row a seeded draw among the tied decides."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rulesets.hp.choices import NOT_IN_GAME

TIED_VOTES_BEFORE_DRAW = 3
"""H8: the third tied vote in a row is settled by a draw."""


@dataclass(frozen=True)
class VoteOutcome:
    """One vote's result: who is voted out (None: the vote is repeated) and who tied."""

    voted_out: int | None
    tied: tuple[int, ...] = ()
    drawn: bool = False


def ballot_refusal(
    voter: int, choice: int, living: Sequence[int], names: Mapping[int, str] | None = None
) -> str:
    """H8: each living player votes for another living player. A player out of the game is
    named as the seed names them ("Player9 is not in the game."); an unknown one is "That
    player"."""
    if voter not in living:
        return "Only living players vote."
    if choice == voter:
        return "You cannot vote for yourself."
    if choice not in living:
        return NOT_IN_GAME.format(name=(names or {}).get(choice, "That player"))
    return ""


def vote_outcome(
    ballots: Mapping[int, int], living: Sequence[int], ballot_round: int, rng: random.Random
) -> VoteOutcome:
    """H8: most votes is voted out; a missing vote counts for nobody, and a vote that nobody
    cast ties everyone living. A tie before the third vote in a row repeats the vote; the third
    is drawn among the tied (C8), so that every day ends with exactly one player voted out."""
    counts = Counter(
        choice for voter, choice in ballots.items() if not ballot_refusal(voter, choice, living)
    )
    if not counts:
        tied = tuple(sorted(living))
    else:
        most = max(counts.values())
        tied = tuple(sorted(player for player, n in counts.items() if n == most))
    if len(tied) == 1:
        return VoteOutcome(tied[0])
    if ballot_round >= TIED_VOTES_BEFORE_DRAW:
        return VoteOutcome(rng.choice(tied), tied, drawn=True)
    return VoteOutcome(None, tied)
