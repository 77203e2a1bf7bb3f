"""The day (M7, M8, M11): the farewells, the timers, the vote with one vote per card held, split
or withheld, and the runoff among the tied. Pure Python."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.rulesets.chiang_mai.table import Table
from game.rulesets.days import Ballot as BallotKind
from game.rulesets.days import DaySpec, DayTexts, Ending, Missing, NoOne, Tie
from game.rulesets.reasons import Reason

FAREWELLS = 5
FAREWELL_SECONDS = 20
DISCUSSION_SECONDS = 180
SPEECH_SECONDS = 20
DEFENCE_SECONDS = 20
SECONDS = {
    "farewell": FAREWELL_SECONDS,
    "discussion": DISCUSSION_SECONDS,
    "speech": SPEECH_SECONDS,
    "defence": DEFENCE_SECONDS,
}

Ballot = Mapping[int, int]
"""One voter's votes: target → how many of their votes go there (M7)."""

LOST_VOTE = Reason("lost_vote", "{player} had the most votes ({votes}) and loses their top card.")
TIED = Reason("tied", "The vote tied at {votes}; the tied players go to a runoff (M8).")
DRAWN = Reason(
    "drawn", "The runoff tied again; the seeded draw chose {player}, who loses their top card (M8)."
)
NO_VOTES = Reason("no_votes", "Nobody voted: no card is lost.")


@dataclass(frozen=True)
class Timer:
    """One timed part of the day the host starts with a tap (M7, M8)."""

    code: str
    label: str
    seconds: int
    player: int | None = None


def farewells_due(eliminated: Sequence[int], farewelled: Iterable[int]) -> list[int]:
    """M7: the first five players eliminated in the game each get a farewell, once."""
    done = set(farewelled)
    return [player for player in eliminated[:FAREWELLS] if player not in done]


def day_timers(table: Table, farewells: Sequence[int]) -> list[Timer]:
    """M7: the farewells due, 3 minutes of open discussion, then 20 seconds for each player
    still in the game, in seat order."""
    timers = [Timer("farewell", "Farewell", FAREWELL_SECONDS, p) for p in farewells]
    timers.append(Timer("discussion", "Open discussion", DISCUSSION_SECONDS))
    timers += [
        Timer("speech", "Speech", SPEECH_SECONDS, player)
        for player, hand in table.items()
        if hand.in_game
    ]
    return timers


def runoff_timers(tied: Sequence[int]) -> list[Timer]:
    """M8: each tied player defends for 20 seconds."""
    return [Timer("defence", "Defence", DEFENCE_SECONDS, player) for player in tied]


def votes_of(table: Table, voter: int) -> int:
    """M7: one vote per card held."""
    return len(table[voter].cards)


def ballot_refusal(
    table: Table, voter: int, ballot: Ballot, runoff: Sequence[int] | None = None
) -> str:
    """Why a ballot is refused, or "" (M7, M8, M11): a player still in the game votes with one
    vote per card, split as they like, withholding any; in a runoff the tied do not vote and
    everyone else places exactly all their votes on the tied players."""
    if voter not in table or not table[voter].in_game:
        return "Only a player still in the game votes."
    if runoff is not None and voter in runoff:
        return "The tied players do not vote in the runoff (M8)."
    if any(count < 0 for count in ballot.values()):
        return "Votes cannot be negative."
    allowed = set(runoff) if runoff is not None else {p for p, h in table.items() if h.in_game}
    if any(target not in allowed and count for target, count in ballot.items()):
        return (
            "In the runoff, vote only for the tied players (M8)."
            if runoff is not None
            else "Vote only for players still in the game."
        )
    placed, held = sum(ballot.values()), votes_of(table, voter)
    if placed > held:
        return f"This player holds {held} card(s), so {held} vote(s) at most (M7)."
    if runoff is not None and placed != held:
        return f"In the runoff every vote must be placed: {held}, not {placed} (M8, M11)."
    return ""


def totals(ballots: Mapping[int, Ballot]) -> Counter[int]:
    """The votes each player received, split votes counted where they went (M7)."""
    counted: Counter[int] = Counter()
    for ballot in ballots.values():
        for target, count in ballot.items():
            if count:
                counted[target] += count
    return counted


@dataclass(frozen=True)
class VoteResult:
    """Who loses their top card (None: nobody yet), the tied players when a runoff is needed,
    and why."""

    loser: int | None
    tied: tuple[int, ...]
    reasons: tuple[Reason, ...]


def vote_result(ballots: Mapping[int, Ballot]) -> VoteResult:
    """M7, M8: the player with most votes loses their top card; a tie for most goes to a runoff
    among the tied. Nobody voting loses nobody a card."""
    counted = totals(ballots)
    if not counted:
        return VoteResult(None, (), (NO_VOTES,))
    most = max(counted.values())
    tied = tuple(sorted(p for p, n in counted.items() if n == most))
    if len(tied) > 1:
        return VoteResult(None, tied, (TIED(votes=most),))
    return VoteResult(tied[0], (), (LOST_VOTE(players={"player": tied[0]}, votes=most),))


def runoff_result(
    tied: Sequence[int], ballots: Mapping[int, Ballot], rng: random.Random
) -> VoteResult:
    """M8: the runoff's most voted loses their top card; a tie again (or a runoff nobody could
    vote in) is a seeded draw among those tied for most (C8)."""
    counted = totals(ballots)
    most = max(counted.values(), default=0)
    still = tuple(sorted(p for p in tied if counted.get(p, 0) == most))
    if len(still) == 1:
        return VoteResult(still[0], (), (LOST_VOTE(players={"player": still[0]}, votes=most),))
    drawn = rng.choice(still)
    return VoteResult(drawn, (), (DRAWN(players={"player": drawn}),))


def cards_held(state: Mapping[str, Any]) -> int:
    """M7: one vote per card held."""
    return len(state.get("cards") or ())


CHIANG_MAI_DAY = DaySpec(
    ballot=BallotKind.SHOW_OF_HANDS,
    weight=cards_held,
    withhold=True,
    missing=Missing.NOBODY,
    no_one=NoOne.NEVER,
    in_threads=False,
    ends=frozenset({Ending.HOST}),
    tie=Tie.RUNOFF,
    runoff_tied_sit_out=True,
    texts=DayTexts(
        cannot_vote="Only a player still in the game votes (M7).",
        dead_voter="Only a player still in the game votes (M7).",
        dead_target="{name} is out of the game: vote only for players still in it (M7).",
        host_counts="At the table the host counts the hands raised and enters the vote (M7, M12).",
        target_label="Raise a hand against",
        not_living="{name} is out of the game: vote only for players still in it (M7).",
        missing_help="A vote you do not place is withheld (M7).",
        no_one_help="Raise a hand for each of your cards, split as you like or withheld (M7).",
        named_help="Raise a hand for each of your cards, split as you like or withheld (M7).",
        tally_help=(
            "One vote per card held, split or withheld; the most votes lose their top card "
            "(M7). A tie goes to a runoff in which the tied do not vote and everyone else "
            "places all their votes; a second tie is drawn (M8)."
        ),
        executed="Lost their top card: {name}",
        nobody_executed="No card was lost",
        executed_badge="lost a card",
        reminder="the host counts the vote at the table (M7)",
    ),
    outcomes=(
        (LOST_VOTE.code, "the most votes, M7"),
        (DRAWN.code, "the runoff tied again: drawn, M8"),
        (NO_VOTES.code, "nobody voted, M7"),
    ),
)
"""M7, M8, M11, M12: the host enters the show of hands, one vote per card held, split or
withheld; the most votes lose their top card; a tie goes to a runoff among the tied, who do
not vote in it; a second tie is drawn."""


def hands_refusal(
    table: Table,
    counts: Mapping[int, int],
    voters: Sequence[int],
    runoff: Sequence[int] | None = None,
    names: Mapping[int, str] | None = None,
) -> str:
    """Why the hands a host counted at the table cannot be, or "" (M7, M8, M11): per candidate
    the hands raised for them by `voters` (those who vote by hand), each voter raising one
    hand per card held; so no candidate gets more hands than those voters hold cards, and all
    the counts together no more either, exactly that many in a runoff, where the tied do not
    vote and only the tied are candidates."""
    names = names or {}
    held = sum(votes_of(table, voter) for voter in voters)
    allowed = set(runoff) if runoff is not None else {p for p, h in table.items() if h.in_game}
    for candidate, count in counts.items():
        name = names.get(candidate, "That player")
        if count < 0:
            return f"{name}: a count cannot be negative."
        if count and candidate not in allowed:
            return (
                f"{name} is not tied: in the runoff only the tied get votes (M8)."
                if runoff is not None
                else f"{name} is out of the game: nobody votes for them."
            )
        if count > held:
            return f"{name}: {count} hands, but the players voting by hand hold {held} cards (M7)."
    placed = sum(counts.values())
    if placed > held:
        return f"{placed} hands in all, but the players voting by hand hold {held} cards (M7)."
    if runoff is not None and placed != held:
        return f"In the runoff every vote is placed: {held} hands, not {placed} (M8, M11)."
    return ""
