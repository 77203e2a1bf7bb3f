"""The day vote (C5) and the announcements of the classic rule set, in the seed's words."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rulesets.phases import NO_ONE, Pick, plurality
from game.rulesets.reasons import Reason

NO_VOTE_DAY = 0

EXECUTED = Reason("executed", "{victim} had the most votes.")
NO_ONE_WON = Reason("no_one", "No one had the most votes.")
VOTE_TIE = Reason(
    "vote_tie", "The vote was tied between {count} options; the seeded draw settled it."
)


@dataclass(frozen=True)
class DayOutcome:
    executed: int | None
    totals: Mapping[Pick, int]
    reasons: tuple[Reason, ...]


def voting_refusal(day: int) -> str:
    """C1, C5: there is no vote on day 0."""
    return "No voting occurs on day 0 (C1): the vote opens on day 1." if day == NO_VOTE_DAY else ""


def day_outcome(
    ballots: Mapping[int, Pick], living: Sequence[int], rng: random.Random
) -> DayOutcome:
    """C5: every living player's latest vote, a missing vote counting for no one; the option
    with most votes wins, ties settled by the seeded draw among the tied options."""
    picks = [ballots.get(voter, NO_ONE) for voter in sorted(living)]
    choice, tied = plurality(picks, rng)
    totals: dict[Pick, int] = {}
    for pick in picks:
        totals[pick] = totals.get(pick, 0) + 1
    reasons = [VOTE_TIE(count=len(tied))] if len(tied) > 1 else []
    reasons.append(NO_ONE_WON if choice is NO_ONE else EXECUTED(players={"victim": choice}))
    return DayOutcome(choice, totals, tuple(reasons))


def day_zero_text() -> str:
    return (
        "Rise and shine! Today is day 0.\n"
        "No voting will occur today.\n"
        "Be warned: Tonight the mafia will strike."
    )


def dawn_text(day: int, victim: tuple[str, str] | None, living: Sequence[str]) -> str:
    """The dawn post (seed 002): the victim and their role (C6) when someone died, else that
    nobody was killed; then the living players. The cop's line is the cop's alone (C4)."""
    lines = [f"Dawn of day {day}."]
    if victim is None:
        lines.append("Last night, nobody was killed.")
    else:
        name, reveal = victim
        lines.append(f"Last night, {name} was killed. They were {reveal}.")
    lines.append(f"These players are still alive: {', '.join(living)}")
    return "\n".join(lines)


def investigation_text(target: str, alignment: str) -> str:
    return f"Investigations showed that {target} is {alignment}-aligned."


def execution_text(executed: tuple[str, str] | None) -> str:
    if executed is None:
        return "The town opted to lynch no one today."
    name, reveal = executed
    return f"The town has killed {name}!\nThey were {reveal}."


def vote_text(voter: str, target: str | None, *, withdrawn: bool = False) -> str:
    """C5: votes are public as they are cast; a vote withdrawn in a post (UNVOTE) counts as a
    missing vote, for no one."""
    if withdrawn:
        return f"{voter} withdraws their vote."
    return f"{voter} votes to kill {target or 'no one'}."
