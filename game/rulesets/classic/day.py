"""The day vote (C5) and the announcements of the classic rule set, in the seed's words: its day
as a spec (`CLASSIC_DAY`), the count at the day's end, and the texts."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rulesets.ballots import weighted_picks
from game.rulesets.days import DaySpec, DayTexts, Ending
from game.rulesets.phases import NO_ONE, Pick, plurality
from game.rulesets.reasons import Reason

NO_VOTE_DAY = 0

EXECUTED = Reason("executed", "{victim} had the most votes.")
NO_ONE_WON = Reason("no_one", "No one had the most votes.")
VOTE_TIE = Reason(
    "vote_tie", "The vote was tied between {count} options; the seeded draw settled it."
)


CLASSIC_DAY = DaySpec(
    no_vote_days=frozenset({NO_VOTE_DAY}),
    ends=frozenset({Ending.CLOCK, Ending.HOST, Ending.HAMMER}),
    texts=DayTexts(
        cannot_vote="Only living players of a running game can vote (C5).",
        dead_voter="Dead players do not vote (C5).",
        dead_target="{name} is dead: choose a living player for {what} (C5).",
        name_someone="Name a player, or set no_one (C5).",
        closed="It is night: day {day} has ended, and the town votes by day (C5).",
        no_vote_day="No voting will occur on day 0 (C1): the vote opens on day 1.",
        no_fallback="Votes of this game have no fallback (C5).",
        target_label="Vote to kill",
        not_living="{name} is dead: vote for a living player or no one (C5).",
        missing_help="If you do not vote, you count as voting for no one (C5).",
        no_one_help=(
            "Vote for a living player or for no one; your vote is public as you cast it (C5)."
        ),
        named_help=(
            "Vote for a living player or for no one; your vote is public as you cast it (C5)."
        ),
        tally_help=(
            "Votes are public as they are cast; a missing vote counts for no one; the most "
            "votes win (C5), and a tie is drawn from the game's seed (C8)."
        ),
        executed="Killed by the town: {name}",
        nobody_executed="The town killed no one",
        executed_badge="killed by the town",
        announced="The town has killed {name}!\nThey were {reveal}.",
        announced_nobody="The town opted to lynch no one today.",
        vote_line="{voter} votes to kill {target}.",
        reminder="you have not voted yet; a missing vote counts for no one (C5)",
    ),
    outcomes=(
        ("executed", "the most votes, C5"),
        ("no_one", "no one had the most votes, C5"),
    ),
)
"""C1, C5: from day 1 each living player votes in public for a living player or no one; a
missing vote is no one; the most votes win, ties drawn from the game's seed (C8)."""


@dataclass(frozen=True)
class DayOutcome:
    executed: int | None
    totals: Mapping[Pick, int]
    reasons: tuple[Reason, ...]


def voting_refusal(day: int) -> str:
    """C1, C5: there is no vote on day 0."""
    return CLASSIC_DAY.voting_refusal(day)


def day_outcome(
    ballots: Mapping[int, Pick],
    living: Sequence[int],
    rng: random.Random,
    *,
    splits: Mapping[int, Mapping[int, int]] | None = None,
    weights: Mapping[int, int] | None = None,
) -> DayOutcome:
    """C5: every living player's latest vote, a missing vote counting for no one; the option
    with most votes wins, ties settled by the seeded draw among the tied options. A rule set
    whose voters hold several votes (`weights`) and may split them (`splits`) counts each vote
    (ballots.weighted_picks)."""
    picks = weighted_picks(sorted(living), ballots, splits or {}, weights or {})
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


def execution_text(executed: tuple[str, str] | None) -> str:
    """The seed's announcement of the day's end (C6)."""
    return CLASSIC_DAY.announcement(executed)


def vote_text(voter: str, target: str | None, *, withdrawn: bool = False) -> str:
    """C5: votes are public as they are cast; a vote withdrawn in a post (UNVOTE) counts as a
    missing vote, for no one."""
    return CLASSIC_DAY.vote_text(voter, target, withdrawn=withdrawn)
