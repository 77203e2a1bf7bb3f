"""Forum Mafia's conventions as pure rules (docs/forum-play.md): votes read from posts, names
matched, the hammer's majority and the vote count's content (C5 played in the threads)."""

import pytest

from game.rulesets.forum_play import (
    UNVOTE,
    VOTE,
    CountLine,
    Hammer,
    hammered,
    majority_needed,
    vote_command,
    vote_count_text,
    vote_target,
)
from game.rulesets.phases import NO_ONE

NAMES = {1: "Dale", 2: "Dana", 3: "Casey", 4: "Bo", 5: "Boris"}


@pytest.mark.parametrize(
    ("body", "kind", "name"),
    [
        ("VOTE: Dale", VOTE, "Dale"),
        ("vote: dale", VOTE, "dale"),
        ("**VOTE: Dale**", VOTE, "Dale"),
        ("__Vote: Casey__", VOTE, "Casey"),
        ("I think so.\nVOTE Casey\nbye", VOTE, "Casey"),
        ("VOTE: **Dale**", VOTE, "Dale"),
        ("VOTE: Dale\nVOTE: Casey", VOTE, "Casey"),
        ("VOTE: Dale\nUNVOTE", UNVOTE, ""),
        ("**UNVOTE**", UNVOTE, ""),
        ("VOTE: no one", VOTE, "no one"),
    ],
)
def test_a_vote_command_is_read_bold_or_plain_in_any_case_and_the_last_one_counts(body, kind, name):
    command = vote_command(body)
    assert (command.kind, command.name) == (kind, name)


@pytest.mark.parametrize(
    "body",
    ["> VOTE: Dale", "I'd vote for Dale", "voters beware", "VOTE:", "votes are public"],
)
def test_quotes_talk_and_empty_votes_cast_nothing(body):
    assert vote_command(body) is None


@pytest.mark.parametrize(
    ("name", "pick"),
    [("Dale", 1), ("dale", 1), ("Cas", 3), ("c", 3), ("Bo", 4), ("bor", 5), ("no lynch", NO_ONE)],
)
def test_a_name_is_the_display_name_or_a_unique_prefix(name, pick):
    match = vote_target(name, NAMES)
    assert match.found and match.pick == pick


def test_an_ambiguous_prefix_names_its_candidates_and_an_unknown_name_none():
    assert vote_target("Da", NAMES).candidates == ("Dale", "Dana")
    assert not vote_target("Da", NAMES).found
    unknown = vote_target("Zed", NAMES)
    assert not unknown.found and unknown.candidates == ()


@pytest.mark.parametrize(("living", "need"), [(8, 5), (7, 4), (3, 2), (2, 2)])
def test_the_majority_is_more_than_half_of_the_living(living, need):
    assert majority_needed(living) == need


def test_a_majority_hammers_and_withdrawn_or_missing_votes_do_not_count():
    living = [1, 2, 3, 4, 5]
    assert hammered({1: 3, 2: 3}, living) is None
    assert hammered({1: 3, 2: 3, 4: 3}, living) == Hammer(3)
    assert hammered({1: NO_ONE, 2: NO_ONE, 3: NO_ONE}, living) == Hammer(NO_ONE)
    assert hammered({1: 3, 2: 3, 9: 3}, living) is None


def test_the_vote_count_lists_votes_not_voting_the_majority_and_the_time_left():
    text = vote_count_text(
        1,
        [CountLine("Casey", ("Bo",)), CountLine("Dale", ("Casey", "Dana"))],
        ["Boris", "Dale"],
        5,
        "2 h 5 min",
        majority_ends_day=True,
    )
    assert text == (
        "Vote count, day 1:\n"
        "Dale (2): Casey, Dana\n"
        "Casey (1): Bo\n"
        "Not voting (2): Boris, Dale\n"
        "With 5 alive, 3 votes are a majority and end the day at once.\n"
        "Time left: 2 h 5 min."
    )
