"""The day's vote (H8): the player with most votes is voted out; a tie repeats the whole vote,
and after the third tied vote in a row a seeded draw among the tied decides."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rulesets.days import DaySpec, DayTexts, Ending, Missing, NoOne, Tie
from game.rulesets.hp.phases import TIED_VOTES_BEFORE_DRAW, VOTES


@dataclass(frozen=True)
class VoteOutcome:
    """One vote's result: who is voted out (None: the vote is repeated) and who tied."""

    voted_out: int | None
    tied: tuple[int, ...] = ()
    drawn: bool = False


def ballot_counts(voter: int, choice: int, living: Sequence[int]) -> bool:
    """H8: a living player's vote for another living player counts; the service refuses any
    other in the day's words (`HP_DAY.texts`), and the count ignores it."""
    return voter in living and choice != voter and choice in living


def vote_outcome(
    ballots: Mapping[int, int], living: Sequence[int], ballot_round: int, rng: random.Random
) -> VoteOutcome:
    """H8: most votes is voted out; a missing vote counts for nobody, and a vote that nobody
    cast ties everyone living. A tie before the third vote in a row repeats the vote; the third
    is drawn among the tied (C8), so that every day ends with exactly one player voted out."""
    counts = Counter(
        choice for voter, choice in ballots.items() if ballot_counts(voter, choice, living)
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


HP_DAY = DaySpec(
    missing=Missing.NOBODY,
    self_vote=False,
    revotes=False,
    no_one=NoOne.NEVER,
    in_threads=False,
    phases=VOTES,
    public=False,
    ends=frozenset({Ending.ALL_VOTED, Ending.CLOCK, Ending.HOST}),
    tie=Tie.REPEAT,
    ballots_before_draw=TIED_VOTES_BEFORE_DRAW,
    texts=DayTexts(
        cannot_vote="Only living players vote (H8).",
        dead_voter="Only living players vote (H8).",
        dead_target="{name} is not in the game.",
        unknown_target="That player is not in the game.",
        self_vote="You cannot vote for yourself (H8).",
        already_voted="You have already voted in this vote (H8).",
        no_one_refused="Vote for another living player (H8).",
        name_someone="Name another living player (H8).",
        closed="It is night: the vote comes at day (H2).",
        no_split="Each player has one vote (H8): it cannot be split.",
        target_label="Vote out",
        not_living="{name} is out of the game: vote for another living player (H8).",
        missing_help="A vote you do not cast counts for nobody (H8).",
        latest_help="One vote a ballot: it cannot be changed (H8).",
        no_one_help="Vote for another living player (H8).",
        named_help="Vote for another living player (H8).",
        tally_help=(
            "The player with most votes is voted out; a tie repeats the vote, and after a "
            "third tie in a row a seeded draw decides (H8)."
        ),
        executed="Voted out: {name}",
        nobody_executed="Nobody was voted out",
        executed_badge="voted out",
        reminder="you have not voted yet; a vote you do not cast counts for nobody (H8)",
    ),
    outcomes=(
        ("voted_out", "the most votes, H8"),
        ("drawn", "tied three times in a row: drawn, H8"),
    ),
)
"""H2, H7, H8: every living player votes once a ballot for another living player, each vote
cast in its ballot's phase and not announced (the transcript says the outcome alone); a tie
repeats the vote as the round's next vote (`phases.phase_after_hp`, the engine's `next_phase`),
the third tie is drawn; a positive test decides the day without a vote (`DECIDED_OUTCOME`)."""
