"""A bot as a player: the seed's messages at each phase, its answers turned into votes, sayings
and night actions, nonsense and refusals taken as "no one", at most 50 actions a day. The server
is an in-memory double of the GameApi interface; the bot is a real ./run in its folder."""

import logging
import stat

import pytest

from bots.game_view import DAY, NIGHT, GameView, Investigated, Refused, Revealed, Said, Seat, Voted
from bots.play import play
from bots.player import BotPlayer
from bots.protocol import NightChoice, Say, Vote
from bots.runner import BotFolder

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]

# A bot that keeps every message it reads and answers, run after run, the lines of `answers`.
SCRIPTED = """#!/bin/sh
cat from_server >> transcript
echo '---' >> transcript
n=$(cat count 2>/dev/null || echo 0)
n=$((n + 1))
echo $n > count
sed -n "${n}p" answers > to_server
"""


class FakeGame:
    """The GameApi of one player, held in memory; the test moves the game along."""

    def __init__(self, me="Alice", role="villager", allies=()):
        self.status, self.phase, self.number = "running", DAY, 0
        self.me, self.role, self.allies = me, role, tuple(allies)
        self.alive = set(NAMES)
        self.roles: dict[str, str] = {}
        self.events: list = []
        self.actions: list = []
        self.refuse: set = set()

    def view(self):
        seats = tuple(Seat(name, name in self.alive, self.roles.get(name)) for name in NAMES)
        return GameView(
            self.status, self.phase, self.number, self.me, self.role, self.allies, seats
        )

    def events_since(self, cursor):
        start = int(cursor or 0)
        return self.events[start:], str(len(self.events))

    def _do(self, action):
        if action in self.refuse:
            raise Refused("Not allowed.")
        self.actions.append(action)

    def vote(self, day, target):
        self._do(("vote", day, target))

    def say(self, day, text):
        self._do(("say", day, text))

    def night_action(self, night, target):
        self._do(("night", night, target))

    def kill(self, name, role):
        self.alive.discard(name)
        self.roles[name] = role


def scripted_bot(tmp_path, name, answers):
    folder = tmp_path / "players" / name
    folder.mkdir(parents=True)
    (folder / "run").write_text(SCRIPTED)
    (folder / "run").chmod(0o755 | stat.S_IXUSR)
    (folder / "answers").write_text("".join(f"{answer}\n" for answer in answers))
    return BotFolder(folder, run_seconds=5)


def transcript(bot: BotFolder) -> list[str]:
    return (bot.path / "transcript").read_text().split("---\n")[:-1]


def test_a_villager_reads_day_zero_votes_nothing_and_then_reads_the_dawn(tmp_path):
    game = FakeGame()
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob", "say 4", "", "vote Dave"])
    player = BotPlayer(game, bot)
    player.step()
    assert (bot.path / "players").read_text() == "".join(f"{n}\n" for n in NAMES)
    player.step()
    game.phase = NIGHT
    assert player.step() == []  # a villager has no night action, and day 0 had no vote
    game.phase, game.number = DAY, 1
    game.kill("Carol", "doctor")
    player.step()
    assert transcript(bot) == [
        "Rise and shine! Today is day 0.\nNo voting will occur today.\n"
        "Be warned: Tonight the mafia will strike.\n",
        "",
        "Dawn of day 1.\nLast night, Carol was killed. They were the doctor.\n"
        "These players are still alive: Alice, Bob, Dave, Erin, Frank\n",
    ]
    # The day-0 vote is ignored, as the seed says; the saying is posted as worded.
    assert game.actions == [("say", 0, "I am a normal villager")]


def test_the_role_a_death_revealed_is_the_one_the_bot_reads(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", ""])
    player = BotPlayer(game, bot)
    player.step()
    game.phase = NIGHT
    game.alive.discard("Erin")  # the view does not show a running game's roles to players
    game.events.append(Revealed("Erin", "cop"))
    player.step()
    assert transcript(bot)[1] == "The town has killed Erin!\nThey were the cop\n"


def test_the_mafia_learn_their_allies_and_pick_a_victim_at_night(tmp_path):
    game = FakeGame(me="Bob", role="mafioso", allies=["Dave"])
    bot = scripted_bot(tmp_path, "Bob", ["", "Erin"])
    player = BotPlayer(game, bot)
    player.step()
    game.phase = NIGHT
    player.step()
    assert transcript(bot) == [
        "Rise and shine! Today is day 0.\nNo voting will occur today.\n"
        "Be warned: Tonight the mafia will strike.\n"
        "You are a member of the mafia.\nYour allies are:\nDave\n",
        "It is night. Vote for a victim.\n",
    ]
    assert game.actions == [("night", 0, "Erin")]


def test_the_cop_alone_reads_the_result_at_dawn(tmp_path):
    game = FakeGame(me="Carol", role="cop")
    bot = scripted_bot(tmp_path, "Carol", ["", "Bob", ""])
    player = BotPlayer(game, bot)
    player.step()
    game.phase = NIGHT
    player.step()
    game.events.append(Investigated(0, "Bob", "mafia"))
    game.phase, game.number = DAY, 1
    player.step()
    assert transcript(bot)[1:] == [
        "It is night. Who would you like to investigate?\n",
        "Dawn of day 1.\nInvestigations showed that Bob is mafia-aligned.\n"
        "These players are still alive: Alice, Bob, Carol, Dave, Erin, Frank\n",
    ]


def test_votes_and_sayings_reach_the_bot_as_the_seed_words_them(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", "vote no one", ""])
    player = BotPlayer(game, bot)
    player.step()
    game.events += [
        Voted("Bob", "Alice"),
        Said("Carol", "Bob: I think this player is mafia: Dave"),
        Said("Dave", "a free-text post is no seed message"),
        Voted("Erin", None),
    ]
    player.step()
    game.events.append(Voted("Alice", None))
    player.step()
    assert transcript(bot)[1:] == [
        'Bob votes to kill Alice\nCarol says "Bob: I think this player is mafia: Dave"\n'
        "Erin votes to kill no one\n",
        "Alice votes to kill no one\n",
    ]
    assert game.actions == [("vote", 1, None)]


def test_the_end_of_the_day_is_read_by_the_living_and_its_answer_ignored(tmp_path):
    game = FakeGame(me="Alice", role="doctor")
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", "vote Bob", "Alice"])
    player = BotPlayer(game, bot)
    player.step()
    game.phase = NIGHT
    game.kill("Dave", "mafioso")
    player.step()
    assert transcript(bot)[1:] == [
        "The town has killed Dave!\nThey were a mafioso\n",
        "It is night. Who would you like to save?\n",
    ]
    assert game.actions == [("night", 1, "Alice")]


def test_a_day_without_an_execution_is_told_so(tmp_path):
    game = FakeGame(me="Alice", role="villager")
    game.number = 2
    bot = scripted_bot(tmp_path, "Alice", ["", ""])
    player = BotPlayer(game, bot)
    player.step()
    game.phase = NIGHT
    player.step()
    assert transcript(bot)[1] == "The town opted to lynch no one today.\n"


def test_nonsense_is_logged_and_taken_as_a_vote_for_no_one(tmp_path, caplog):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["dance", "say 17"])
    player = BotPlayer(game, bot)
    with caplog.at_level(logging.WARNING, logger="bots.player"):
        player.step()
        player.step()
    assert game.actions == [("vote", 1, None), ("vote", 1, None)]
    assert [turn.command for turn in player.turns] == [Vote(None), Vote(None)]
    assert "nonsense 'dance'" in caplog.text
    assert "nonsense 'say 17'" in caplog.text


def test_nonsense_at_night_is_no_one(tmp_path):
    game = FakeGame(me="Alice", role="cop")
    game.phase = NIGHT
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob"])
    player = BotPlayer(game, bot)
    player.step()
    assert game.actions == [("night", 0, None)]
    assert player.turns[0].command == NightChoice(None)


def test_a_refused_vote_is_logged_and_becomes_no_one(tmp_path, caplog):
    game = FakeGame()
    game.number = 1
    game.refuse.add(("vote", 1, "Bob"))
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob"])
    with caplog.at_level(logging.WARNING, logger="bots.player"):
        BotPlayer(game, bot).step()
    assert game.actions == [("vote", 1, None)]
    assert "refused: Not allowed." in caplog.text


def test_a_refused_night_choice_becomes_no_one(tmp_path):
    game = FakeGame(me="Alice", role="doctor")
    game.phase, game.number = NIGHT, 3
    game.refuse.add(("night", 3, "Alice"))
    bot = scripted_bot(tmp_path, "Alice", ["Alice"])
    player = BotPlayer(game, bot)
    player.step()
    assert game.actions == [("night", 3, None)]
    assert "Not allowed." in player.turns[0].problem


def test_a_bot_acts_at_most_fifty_times_a_day_and_passes_do_not_count(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", *["say 1"] * 60])
    player = BotPlayer(game, bot, day_actions=50)
    for _ in range(60):
        player.step()
    assert len(game.actions) == 50
    assert len(player.turns) == 51
    game.phase = NIGHT
    player.step()
    game.phase, game.number = DAY, 2
    player.step()
    player.step()
    assert len(game.actions) == 52


def test_a_quiet_day_runs_the_bot_only_when_something_was_said_unless_asked(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", "", ""])
    player = BotPlayer(game, bot)
    player.step(run_idle=False)
    assert player.step(run_idle=False) == []
    game.events.append(Voted("Bob", "Carol"))
    assert len(player.step(run_idle=False)) == 1


@pytest.mark.parametrize("status", ["ended", "signups"])
def test_nothing_runs_unless_the_game_is_running(tmp_path, status):
    game = FakeGame()
    game.status = status
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob"])
    assert BotPlayer(game, bot).step() == []
    assert not (bot.path / "transcript").exists()


def test_the_dead_are_not_run_any_more(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", ""])
    player = BotPlayer(game, bot)
    player.step()
    game.phase = NIGHT
    game.kill("Alice", "villager")
    assert player.step() == []
    assert len(transcript(bot)) == 1


def test_a_saying_with_a_recipient_is_posted_in_the_seeds_wording(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["say 16 Bob Carol"])
    player = BotPlayer(game, bot)
    player.step()
    assert game.actions == [
        ("say", 1, "Carol: Will you please use your power on this player tonight? Bob")
    ]
    assert player.turns[0].command == Say(16, "Bob", "Carol")


def test_the_player_program_plays_until_the_game_ends_waiting_between_looks(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob", "say 1"])
    waits = []

    def sleep(seconds):
        waits.append(seconds)
        if len(waits) == 1:
            game.events.append(Voted("Bob", "Carol"))
        else:
            game.status = "finished"

    play(game, BotPlayer(game, bot), poll_seconds=7, sleep=sleep)
    assert waits == [7, 7]
    assert game.actions == [("vote", 1, "Bob"), ("say", 1, "Yes")]


def test_the_player_program_stops_when_the_player_dies(tmp_path):
    game = FakeGame()
    game.kill("Alice", "villager")
    bot = scripted_bot(tmp_path, "Alice", [])
    play(game, BotPlayer(game, bot), sleep=lambda seconds: pytest.fail("no wait"))
    assert game.actions == []
