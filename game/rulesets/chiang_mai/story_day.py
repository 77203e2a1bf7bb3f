"""The day's entries of a Chiang Mai story (M7, M8, M11): the timers, the ballots, the tally and
the runoff. Pure Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rulesets.base import EXECUTED
from game.rulesets.chiang_mai import day as day_rules
from game.rulesets.chiang_mai.dawn import Aftermath
from game.rulesets.chiang_mai.story_state import (
    AFTER,
    RUNOFF,
    Rng,
    Story,
    StoryError,
    lose,
    player_of,
)


def timer(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M7, M8: the host starts a timer with a tap; it is kept for the table's screen. A farewell
    is given once (M7)."""
    code, player = entry.get("code"), entry.get("player")
    if code not in day_rules.SECONDS:
        raise StoryError("Unknown timer.")
    if player is not None:
        player_of(story, player)
    if code == "farewell":
        if player not in day_rules.farewells_due(story.eliminated, story.farewelled):
            raise StoryError("Only the first five eliminated say farewell, once each (M7).")
        story.farewelled.add(player)
    story.timers.append(dict(entry))


def ballot(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M7, M8, M11: one voter's ballot, shown by hand or entered on their phone; the latest
    counts."""
    voter = player_of(story, entry.get("voter"))
    try:
        split = {int(t): int(n) for t, n in dict(entry.get("split") or {}).items() if int(n)}
    except (TypeError, ValueError):
        raise StoryError("Votes are whole numbers.") from None
    runoff = story.tied if story.stage == RUNOFF else None
    refusal = day_rules.ballot_refusal(story.table, voter, split, runoff)
    if refusal:
        raise StoryError(refusal)
    story.ballots[voter] = split


def tally(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M7, M8: the vote closes; the most voted loses their top card, a tie goes to a runoff, a
    runoff tied again is a seeded draw. The result's own words say who loses a card, once."""
    if story.stage == RUNOFF:
        missing = [
            p
            for p in story.table
            if story.table[p].in_game and p not in story.tied and p not in story.ballots
        ]
        if missing:
            raise StoryError("In the runoff everyone but the tied must vote (M8).")
        result = day_rules.runoff_result(story.tied, story.ballots, rng(f"day {story.day} runoff"))
    else:
        result = day_rules.vote_result(story.ballots)
    story.note(result.reasons, public=True)
    story.ballots = {}
    if result.tied:
        story.stage, story.tied = RUNOFF, result.tied
        return
    story.stage, story.tied = AFTER, ()
    if result.loser is None:
        story.after = Aftermath(story.table, (), None, ())
        return
    lose(story, story.table, [result.loser], EXECUTED.code)
