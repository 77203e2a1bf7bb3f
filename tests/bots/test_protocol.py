"""The bot protocol worded as seed 002 words it, and bots' answers parsed as the seed defines
them."""

import pytest

from bots.protocol import (
    DAY_ACTIONS,
    Investigation,
    NightChoice,
    Nonsense,
    Pass,
    Say,
    Vote,
    dawn_message,
    day_zero_message,
    execution_message,
    is_bot_name,
    night_message,
    parse_day_answer,
    parse_night_answer,
    parse_said,
    players_file,
    say_line,
    vote_line,
)

PLAYERS = ["Randy", "CopBot", "JohnDoe", "Steve", "Xyzzy"]


def test_the_seeds_dawn_example_is_written_word_for_word():
    message = dawn_message(
        42,
        alive=["Randy", "CopBot", "JohnDoe", "Steve"],
        victim="Xyzzy",
        victim_role="villager",
        investigation=Investigation("Randy", "mafia"),
    )
    assert message == (
        "Dawn of day 42.\n"
        "Last night, Xyzzy was killed. They were a villager.\n"
        "Investigations showed that Randy is mafia-aligned.\n"
        "These players are still alive: Randy, CopBot, JohnDoe, Steve\n"
    )


def test_a_dawn_without_a_kill_omits_the_second_line_and_only_the_cop_reads_the_third():
    assert dawn_message(3, alive=["Randy", "Steve"]) == (
        "Dawn of day 3.\nThese players are still alive: Randy, Steve\n"
    )


@pytest.mark.parametrize(
    ("role", "words"),
    [
        ("villager", "a villager"),
        ("mafioso", "a mafioso"),
        ("cop", "the cop"),
        ("doctor", "the doctor"),
    ],
)
def test_a_revealed_role_is_named_as_the_seed_names_it(role, words):
    assert f"They were {words}." in dawn_message(1, ["Steve"], "Xyzzy", role)
    assert execution_message("Xyzzy", role) == f"The town has killed Xyzzy!\nThey were {words}\n"


def test_a_day_without_an_execution_is_announced_as_in_the_seed():
    assert execution_message(None) == "The town opted to lynch no one today.\n"


def test_day_zero_tells_the_cop_the_doctor_and_the_mafia_their_roles():
    opening = (
        "Rise and shine! Today is day 0.\n"
        "No voting will occur today.\n"
        "Be warned: Tonight the mafia will strike.\n"
    )
    assert day_zero_message("villager") == opening
    assert day_zero_message("cop") == opening + "You are the cop\n"
    assert day_zero_message("doctor") == opening + "You are the doctor\n"
    assert day_zero_message("mafioso", ["Steve", "JohnDoe"]) == opening + (
        "You are a member of the mafia.\nYour allies are:\nSteve\nJohnDoe\n"
    )


@pytest.mark.parametrize(
    ("role", "prompt"),
    [
        ("mafioso", "It is night. Vote for a victim.\n"),
        ("cop", "It is night. Who would you like to investigate?\n"),
        ("doctor", "It is night. Who would you like to save?\n"),
    ],
)
def test_the_night_prompts_are_the_seeds(role, prompt):
    assert night_message(role) == prompt


def test_votes_and_sayings_read_as_in_the_seed():
    assert vote_line("Randy", "Steve") == "Randy votes to kill Steve"
    assert vote_line("Randy", None) == "Randy votes to kill no one"
    assert say_line("Randy", Say(10, "Steve", "CopBot").text) == (
        'Randy says "CopBot: I think this player is mafia: Steve"'
    )
    assert say_line("Randy", Say(1).text) == 'Randy says "Yes"'


def test_the_players_file_lists_every_player_one_a_line():
    assert players_file(["Randy", "Steve"]) == "Randy\nSteve\n"


@pytest.mark.parametrize(
    ("answer", "command"),
    [
        ("vote Steve\n", Vote("Steve")),
        ("vote no one\n", Vote(None)),
        ("  vote   no   one  ", Vote(None)),
        ("say 0\n", Say(0)),
        ("say 4 Steve\n", Say(4, None, "Steve")),
        ("say 10 Steve\n", Say(10, "Steve")),
        ("say 16 Steve CopBot\n", Say(16, "Steve", "CopBot")),
        ("\n\nvote Randy\nvote Steve\n", Vote("Randy")),
        ("", Pass()),
        ("\n  \n", Pass()),
    ],
)
def test_day_answers_become_commands(answer, command):
    assert parse_day_answer(answer, PLAYERS) == command


@pytest.mark.parametrize(
    "answer",
    [
        "vote Nobody",
        "vote",
        "kill Steve",
        "say 17",  # Randy the Robot's message id 17 does not exist
        "say -1",
        "say x",
        "say",
        "say 5",
        "say 5 no one",
        "say 2 Steve CopBot",
        "say 5 Steve CopBot Randy",
        "Steve",
    ],
)
def test_nonsense_by_day_is_told_apart_with_its_reason(answer):
    command = parse_day_answer(answer, PLAYERS)
    assert isinstance(command, Nonsense)
    assert command.line == answer
    assert command.why


@pytest.mark.parametrize(
    ("answer", "choice"),
    [
        ("Steve\n", NightChoice("Steve")),
        ("no one\n", NightChoice(None)),
        ("", NightChoice(None)),
    ],
)
def test_night_answers_name_a_player_or_no_one(answer, choice):
    assert parse_night_answer(answer, PLAYERS) == choice


@pytest.mark.parametrize("answer", ["vote Steve", "Nobody", "say 1"])
def test_nonsense_by_night_is_told_apart(answer):
    assert isinstance(parse_night_answer(answer, PLAYERS), Nonsense)


@pytest.mark.parametrize(
    "said",
    [Say(0), Say(4), Say(2, None, "Steve"), Say(5, "Steve"), Say(16, "Steve", "CopBot")],
)
def test_a_saying_is_read_back_from_its_text(said):
    assert parse_said(said.text, PLAYERS) == said


@pytest.mark.parametrize(
    "text", ["Hello all", "I trust this player: Nobody", "Steve: hi", "I am the cop!"]
)
def test_a_post_that_is_no_seed_message_is_not_read_as_one(text):
    assert parse_said(text, PLAYERS) is None


def test_bot_names_are_alphanumeric_with_dashes_and_underscores():
    assert is_bot_name("Randy_the-Robot2")
    assert not is_bot_name("Randy the Robot")
    assert not is_bot_name("")


def test_a_day_gives_fifty_actions():
    assert DAY_ACTIONS == 50
