"""The bot protocol's HP lines (bots/hp_protocol.py): the message a bot reads, its answers read
as seed 000's program and seed 002 would, and the log's names made protocol names (C10)."""

from bots.hp_protocol import Chosen, Unreadable, message, parse_answer, protocol_lines

SEATS = ["Ann", "Bob", "Casey_Jones", "Dale", "Eve"]


def test_the_bot_reads_the_new_lines_then_the_prompt_and_after_a_refusal_both_on_one_line():
    lines = ["Round 1", "5 players are remaining: Ann, Bob, Casey_Jones, Dale, Eve are alive."]
    assert message(lines, "Choose a player to test:") == (
        "Round 1\n5 players are remaining: Ann, Bob, Casey_Jones, Dale, Eve are alive.\n"
        "Choose a player to test:\n"
    )
    assert message([], "Choose a player to test:", "You cannot test a detective.") == (
        "You cannot test a detective. Choose a player to test:\n"
    )


def test_an_answer_is_a_name_a_seat_number_or_to_the_vote_seed_002s_vote():
    assert parse_answer("Dale\n", "Choose a target:", SEATS) == Chosen("Dale")
    assert parse_answer("  4 \n", "Choose a target:", SEATS) == Chosen("Dale")
    assert parse_answer("vote Bob", "Select a person to vote out:", SEATS) == Chosen("Bob")
    assert parse_answer("", "Choose a target:", SEATS) is None


def test_no_one_talk_strangers_and_seats_beyond_the_table_are_unreadable():
    for answer, prompt in [
        ("no one", "Choose a target:"),
        ("vote no one", "Select a person to vote out:"),
        ("say 1", "Select a person to vote out:"),
        ("vote Bob", "Choose a target:"),
        ("Zed", "Choose a player to heal:"),
        ("6", "Choose a player to heal:"),
        ("0", "Choose a player to heal:"),
    ]:
        assert isinstance(parse_answer(answer, prompt, SEATS), Unreadable), answer


def test_the_logs_names_become_protocol_names_whole_names_only():
    names = {"Casey Jones": "Casey_Jones", "Ann": "Ann", "Al": "al-1"}
    assert protocol_lines(["Casey Jones has died.", "Ann and Al were mafia."], names) == [
        "Casey_Jones has died.",
        "Ann and al-1 were mafia.",
    ]
    assert protocol_lines(["Alison has died."], names) == ["Alison has died."]
