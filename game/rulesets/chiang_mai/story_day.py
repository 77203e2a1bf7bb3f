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
    VOTE_CHANGED,
    Rng,
    Story,
    StoryError,
    kept_as_theirs,
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
    """M7, M8, M11, M12: one voter's ballot, entered on their phone or by the host; the latest
    counts, but the host replaces a phone's ballot only by saying so."""
    voter = player_of(story, entry.get("voter"))
    if story.hands is not None:
        raise StoryError("The hands are counted: undo that entry to change a vote.")
    split = _whole_numbers(entry.get("split"), "Votes are whole numbers.")
    refusal = day_rules.ballot_refusal(story.table, voter, split, _runoff(story))
    if refusal:
        raise StoryError(refusal)
    kept_as_theirs(story, story.own_ballots, voter, entry, VOTE_CHANGED)
    story.ballots[voter] = split


def _whole_numbers(raw: object, refusal: str) -> dict[int, int]:
    try:
        return {int(t): int(n) for t, n in dict(raw or {}).items() if int(n)}
    except (TypeError, ValueError):
        raise StoryError(refusal) from None


def _runoff(story: Story) -> tuple[int, ...] | None:
    return story.tied if story.stage == RUNOFF else None


def hand_voters(story: Story) -> list[int]:
    """M7, M8, M12: who votes by a show of hands: every player still in the game who has no
    ballot entered (on their phone or by the host), the tied excepted in a runoff."""
    return [
        player
        for player, hand in story.table.items()
        if hand.in_game and player not in story.tied and player not in story.ballots
    ]


def hands(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M7, M8, M11: per candidate, the hands the host counted at the table, raised by the
    players voting by hand; a count those players' cards cannot give is refused with the
    reason. The entry names the voters the host's page counted: a phone's ballot that came in
    meanwhile is refused rather than counted twice."""
    if story.hands is not None:
        raise StoryError("The hands are already counted.")
    counts = _whole_numbers(entry.get("counts"), "Enter each count as a whole number.")
    voters = hand_voters(story)
    said = entry.get("voters")
    if said is not None and sorted(said) != sorted(voters):
        raise StoryError("A vote came in from a phone meanwhile: count the hands again.")
    refusal = day_rules.hands_refusal(story.table, counts, voters, _runoff(story), story.names)
    if refusal:
        raise StoryError(refusal)
    story.hands = counts


def tally(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M7, M8: the vote closes (the ballots and the hands counted, as one ballot of key 0,
    no player's id); the most voted loses their top card, a tie goes to a runoff, a
    runoff tied again is a seeded draw. The result's own words say who loses a card, once."""
    counted = {**story.ballots, 0: story.hands or {}}
    if story.stage == RUNOFF:
        if story.hands is None and hand_voters(story):
            raise StoryError("In the runoff everyone but the tied must vote (M8).")
        result = day_rules.runoff_result(story.tied, counted, rng(f"day {story.day} runoff"))
    else:
        result = day_rules.vote_result(counted)
    story.note(result.reasons, public=True)
    story.ballots, story.hands, story.own_ballots = {}, None, set()
    if result.tied:
        story.stage, story.tied = RUNOFF, result.tied
        return
    story.stage, story.tied = AFTER, ()
    if result.loser is None:
        story.after = Aftermath(story.table, (), None, ())
        return
    lose(story, story.table, [result.loser], EXECUTED.code)
