"""An HP round on the phase engine (H2, H7, H8): its night, then the day's vote, repeated
after a tie as the round's next vote (each vote a phase of its own, at the day's end time, C1);
a positive test decides the day without a vote (H7, H12). The phases' starts and ends are not
announced: the seed's transcript has its own lines for them (the round's header, H2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rulesets.phases import DAY, DECIDED_OUTCOME, NIGHT
from game.rulesets.specs import Phase

TIED_VOTES_BEFORE_DRAW = 3
"""H8: the third tied vote in a row is settled by a draw."""
VOTES = (DAY, *(f"vote_{n}" for n in range(2, TIED_VOTES_BEFORE_DRAW + 1)))
"""The round's votes in turn, each its own phase: the n-th is vote n (H8)."""
BEGINNING = "hp_rounds"
"""How a dealt HP game begins (`Ruleset.begins`): seats, starting HP and each group told its
members (H1), then round 1's night (H2)."""
NIGHT_END = "hp_night_end"
VOTE_END = "hp_vote_end"
FORCED_OUT = "forced_out"
"""The key of a night's state naming the mafia its positive test forces out (H7)."""
TIED = "tied"
"""The key of a vote's state naming the players it tied (H8)."""
POSITIVE_TEST = "positive_test"

PHASES = (
    Phase(NIGHT, "Night", end_steps=(NIGHT_END,), announced=False),
    Phase(DAY, "Day", end_steps=(VOTE_END,), announced=False),
    *(
        Phase(code, f"Vote {n} of round", end_steps=(VOTE_END,), clock=DAY, announced=False)
        for n, code in enumerate(VOTES[1:], start=2)
    ),
)


def ballot_of(code: str) -> int:
    """The vote a phase holds, from 1 (H8); 0 for the night."""
    return VOTES.index(code) + 1 if code in VOTES else 0


def phase_kind(code: str) -> str:
    """Night, or day for every vote of the round (H2)."""
    return DAY if code in VOTES else NIGHT


def phase_after_hp(
    code: str, number: int, state: Mapping[str, Any]
) -> tuple[str, int, dict[str, Any]]:
    """H2, H7, H8: a night goes to its round's day, decided without a vote when its test was
    positive (`DECIDED_OUTCOME`); a tied vote to the round's next vote; any other vote to the
    next round's night."""
    if code == NIGHT:
        forced = state.get(FORCED_OUT)
        if forced is None:
            return DAY, number, {}
        return DAY, number, {DECIDED_OUTCOME: {"executed": forced, "reason": POSITIVE_TEST}}
    if state.get(TIED):
        return VOTES[ballot_of(code)], number, {}
    return NIGHT, number + 1, {}
