"""Bots run as the seed runs them, `./run` in their own folder, and the three shipped bots answer
the seed's messages with commands the protocol accepts."""

import stat
from pathlib import Path

import pytest

from bots import protocol
from bots.protocol import Nonsense, Pass, Say, Vote, parse_day_answer, parse_night_answer
from bots.runner import BOT_PROGRAMS, BotFolder

PLAYERS = ["Randy", "Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace"]


def install(tmp_path: Path, program: str, name: str) -> BotFolder:
    folder = BotFolder.install(BOT_PROGRAMS / program, tmp_path / "players" / name)
    folder.write_players(PLAYERS)
    return folder


def write_program(folder: Path, script: str) -> BotFolder:
    folder.mkdir(parents=True)
    run = folder / "run"
    run.write_text(script)
    run.chmod(run.stat().st_mode | stat.S_IXUSR)
    return BotFolder(folder, run_seconds=2)


def test_a_bot_reads_from_server_and_writes_to_server_in_its_own_folder(tmp_path):
    bot = write_program(
        tmp_path / "echo", "#!/bin/sh\n[ -f players ] && tr a-z A-Z < from_server > to_server\n"
    )
    bot.write_players(["Alice", "Bob"])
    assert (tmp_path / "echo" / "players").read_text() == "Alice\nBob\n"
    assert bot.ask("vote bob\n").to_server == "VOTE BOB\n"


def test_a_bot_that_writes_nothing_answers_nothing_even_after_an_earlier_answer(tmp_path):
    bot = write_program(tmp_path / "quiet", "#!/bin/sh\ntrue\n")
    (tmp_path / "quiet" / "to_server").write_text("vote Bob\n")
    assert bot.ask("Dawn of day 1.\n").to_server == ""


def test_a_bot_that_runs_too_long_is_stopped_and_answers_nothing(tmp_path):
    bot = write_program(tmp_path / "slow", "#!/bin/sh\necho 'vote Bob' > to_server\nsleep 5\n")
    bot.run_seconds = 0.3
    answer = bot.ask("Dawn of day 1.\n")
    assert answer.to_server == ""
    assert "stopped" in answer.problem


def test_a_failing_bot_keeps_its_answer_and_the_failure_is_reported(tmp_path):
    bot = write_program(tmp_path / "crash", "#!/bin/sh\necho 'vote Bob' > to_server\nexit 3\n")
    answer = bot.ask("Dawn of day 1.\n")
    assert answer.to_server == "vote Bob\n"
    assert "exit status 3" in answer.problem


def test_a_folder_without_run_is_reported(tmp_path):
    (tmp_path / "empty").mkdir()
    answer = BotFolder(tmp_path / "empty").ask("Dawn of day 1.\n")
    assert answer.to_server == ""
    assert "./run" in answer.problem


def test_randy_the_robot_answers_every_night_prompt_with_a_player_or_no_one(tmp_path):
    randy = install(tmp_path, "randy", "Randy")
    for role in ("mafioso", "cop", "doctor"):
        for _ in range(5):
            answer = randy.ask(protocol.night_message(role))
            assert answer.problem is None
            assert not isinstance(parse_night_answer(answer.to_server, PLAYERS), Nonsense)


def test_randy_the_robot_votes_says_or_passes_by_day(tmp_path):
    randy = install(tmp_path, "randy", "Randy")
    seen = set()
    for _ in range(40):
        answer = randy.ask(protocol.dawn_message(1, PLAYERS))
        seen.add(type(parse_day_answer(answer.to_server, PLAYERS)))
    assert Pass in seen
    assert seen <= {Pass, Vote, Say, Nonsense}
    assert seen & {Vote, Say}


def test_the_cop_follower_as_cop_claims_and_names_the_mafioso_it_found(tmp_path):
    cop = install(tmp_path, "cop_follower", "Alice")
    cop.ask(protocol.day_zero_message("cop"))
    target = parse_night_answer(cop.ask(protocol.night_message("cop")).to_server, PLAYERS)
    assert target.target in PLAYERS and target.target != "Alice"
    dawn = protocol.dawn_message(
        1, PLAYERS, investigation=protocol.Investigation(target.target, "mafia")
    )
    answers = [
        parse_day_answer(cop.ask(dawn if turn == 0 else "").to_server, PLAYERS) for turn in range(4)
    ]
    assert answers[:3] == [Say(2), Say(14, target.target), Vote(target.target)]
    assert answers[3] == Pass()


def test_the_cop_follower_votes_for_whom_the_claimed_cop_found_mafia_aligned(tmp_path):
    villager = install(tmp_path, "cop_follower", "Bob")
    villager.ask(protocol.day_zero_message("villager"))
    claims = "".join(
        protocol.say_line("Alice", text) + "\n" for text in (Say(2).text, Say(14, "Dave").text)
    )
    at_dawn = parse_day_answer(villager.ask(protocol.dawn_message(1, PLAYERS)).to_server, PLAYERS)
    after_claims = parse_day_answer(villager.ask(claims).to_server, PLAYERS)
    # Its vote at dawn is a random guess; a guess that was Dave already stands (no new vote).
    assert after_claims == (Pass() if at_dawn == Vote("Dave") else Vote("Dave"))


def test_the_cop_follower_as_doctor_guards_the_claimed_cop(tmp_path):
    doctor = install(tmp_path, "cop_follower", "Bob")
    doctor.ask(protocol.day_zero_message("doctor"))
    doctor.ask(protocol.say_line("Alice", Say(2).text) + "\n")
    answer = doctor.ask(protocol.night_message("doctor"))
    assert parse_night_answer(answer.to_server, PLAYERS).target == "Alice"


def test_the_cautious_mafioso_kills_a_claimed_cop_and_never_names_an_ally(tmp_path):
    mafioso = install(tmp_path, "cautious_mafioso", "Carol")
    mafioso.ask(protocol.day_zero_message("mafioso", ["Dave"]))
    mafioso.ask(protocol.say_line("Alice", Say(2).text) + "\n")
    answer = mafioso.ask(protocol.night_message("mafioso"))
    assert parse_night_answer(answer.to_server, PLAYERS).target == "Alice"
    votes = (
        "".join(protocol.vote_line(voter, "Dave") + "\n" for voter in ("Bob", "Erin", "Frank"))
        + protocol.vote_line("Grace", "Bob")
        + "\n"
    )
    dawn = parse_day_answer(mafioso.ask(protocol.dawn_message(1, PLAYERS)).to_server, PLAYERS)
    later = [parse_day_answer(mafioso.ask(text).to_server, PLAYERS) for text in (votes, "", "")]
    assert [dawn, *later] == [Pass(), Pass(), Vote("Bob"), Pass()]


@pytest.mark.parametrize("program", ["randy", "cop_follower", "cautious_mafioso"])
def test_each_shipped_bot_has_an_executable_run(program):
    run = BOT_PROGRAMS / program / "run"
    assert run.stat().st_mode & stat.S_IXUSR


def test_a_seeded_folder_tells_each_run_its_own_seed(tmp_path):
    bot = write_program(tmp_path / "seeded", '#!/bin/sh\necho "$BOT_SEED" > to_server\n')
    bot.seed = "game Alice"
    assert [bot.ask("Dawn of day 1.\n").to_server for _ in range(2)] == [
        "game Alice 1\n",
        "game Alice 2\n",
    ]
    unseeded = write_program(tmp_path / "unseeded", '#!/bin/sh\necho "[$BOT_SEED]" > to_server\n')
    assert unseeded.ask("Dawn of day 1.\n").to_server == "[]\n"


@pytest.mark.parametrize("program", ["randy", "cop_follower", "cautious_mafioso"])
def test_the_shipped_bots_repeat_their_draws_under_one_seed(tmp_path, program):
    def answers(name: str) -> list[str]:
        folder = BotFolder.install(BOT_PROGRAMS / program, tmp_path / name / "Alice", seed="s")
        folder.write_players(PLAYERS)
        messages = [protocol.dawn_message(1, PLAYERS), protocol.night_message("cop")] * 3
        return [folder.ask(message).to_server for message in messages]

    assert answers("first") == answers("second")
