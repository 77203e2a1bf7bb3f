"""A bot as a player (C10): every message the seed says it receives since it last ran, in
order, each in its own run and composed from the game's record; its answers turned into votes,
sayings and night actions; nonsense, refusals and answers to ended phases are no action and go
to the bot's log; at most 50 actions a day. The server is an in-memory double of the GameApi
interface; the bot is a real ./run in its folder."""

import logging
import stat

import pytest

from bots.game_view import (
    DAY,
    EXECUTED,
    KILLED,
    NIGHT,
    Death,
    GameView,
    Investigated,
    Refused,
    Said,
    Seat,
    Voted,
)
from bots.play import play
from bots.player import BotPlayer, position
from bots.protocol import Say, Vote
from bots.runner import BotFolder

# In seat order (C9), which is not the names' order.
NAMES = ["Alice", "Frank", "Bob", "Erin", "Carol", "Dave"]

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
    """The GameApi of one player, held in memory with the game's record; the test moves the
    game along."""

    def __init__(self, me="Alice", role="villager", allies=(), names=NAMES):
        self.status, self.phase, self.number = "running", DAY, 0
        self.me, self.role, self.allies = me, role, tuple(allies)
        self.names = list(names)
        self.alive = set(self.names)
        self.deaths: list[Death] = []
        self.votes: list[Voted] = []
        self.said: dict[int, list[Said]] = {}
        self.results: list[Investigated] = []
        self.actions: list = []
        self.refuse: set = set()
        self.clock = 0

    def view(self):
        seats = tuple(Seat(name, name in self.alive) for name in self.names)
        return GameView(
            self.status,
            self.phase,
            self.number,
            self.me,
            self.role,
            self.allies,
            seats,
            tuple(self.deaths),
            tuple(self.votes),
            tuple(self.results),
        )

    def sayings(self, day):
        return list(self.said.get(day, []))

    def _at(self) -> str:
        self.clock += 1
        return f"2026-11-26T06:{self.clock // 60:02d}:{self.clock % 60:02d}+00:00"

    def _do(self, action):
        if action in self.refuse:
            raise Refused("Not allowed.")
        self.actions.append(action)
        kind, day, what = action
        if kind == "vote":
            self.votes.append(Voted(len(self.votes) + 1, day, self.me, what, self._at()))
        elif kind == "say":
            self.said_by(self.me, what)

    def vote(self, day, target):
        self._do(("vote", day, target))

    def say(self, day, text):
        self._do(("say", day, text))

    def night_action(self, night, target):
        self._do(("night", night, target))

    def voted_by(self, voter, target):
        self.votes.append(Voted(len(self.votes) + 1, self.number, voter, target, self._at()))

    def said_by(self, speaker, text):
        said = self.said.setdefault(self.number, [])
        said.append(Said(100 + sum(map(len, self.said.values())), speaker, text, self._at()))

    def dies(self, name, role, cause=KILLED):
        """`name` dies now: by night the mafia's kill, by day the town's (cause EXECUTED)."""
        self.alive.discard(name)
        self.deaths.append(Death(name, self.number, cause, role))

    def next_phase(self):
        if self.phase == DAY:
            self.phase = NIGHT
        else:
            self.phase, self.number = DAY, self.number + 1


def scripted_bot(tmp_path, name, answers):
    folder = tmp_path / "players" / name
    folder.mkdir(parents=True)
    (folder / "run").write_text(SCRIPTED)
    (folder / "run").chmod(0o755 | stat.S_IXUSR)
    (folder / "answers").write_text("".join(f"{answer}\n" for answer in answers))
    return BotFolder(folder, run_seconds=5)


def joined_at(game: FakeGame, bot: BotFolder, **kw) -> BotPlayer:
    """A player whose bot has read everything before the game's phase now (a bot that never ran
    reads the game from day 0, C10)."""
    player = BotPlayer(game, bot, **kw)
    player.opened = position(game.phase, game.number) - 1
    return player


def transcript(bot: BotFolder) -> list[str]:
    return (bot.path / "transcript").read_text().split("---\n")[:-1]


DAY_ZERO = (
    "Rise and shine! Today is day 0.\nNo voting will occur today.\n"
    "Be warned: Tonight the mafia will strike.\n"
)


def test_a_villager_reads_day_zero_votes_nothing_and_then_reads_the_dawn(tmp_path):
    game = FakeGame()
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob", "say 4", "", "vote Dave"])
    player = joined_at(game, bot)
    player.step()
    # C9: the players file is in seat order.
    assert (bot.path / "players").read_text() == "Alice\nFrank\nBob\nErin\nCarol\nDave\n"
    player.step()
    game.next_phase()
    # A villager has no night action and day 0 had no vote: it reads what was said since.
    assert [turn.command for turn in player.step()] == [None]
    game.dies("Carol", "doctor")
    game.next_phase()
    player.step()
    assert transcript(bot) == [
        DAY_ZERO,
        "",
        'Alice says "I am a normal villager"\n',
        "Dawn of day 1.\nLast night, Carol was killed. They were the doctor.\n"
        "These players are still alive: Alice, Frank, Bob, Erin, Dave\n",
    ]
    # The day-0 vote is ignored, as the seed says; the saying is posted as worded.
    assert game.actions == [("say", 0, "I am a normal villager"), ("vote", 1, "Dave")]


def test_a_bot_that_slept_through_a_day_and_a_night_reads_all_their_messages_in_order(tmp_path):
    """C10, with the seed's own dawn: the bot last ran at the dawn of day 41; it runs again on
    night 42 and reads, one run each, the rest of day 41, its result, the dawn of day 42 (the
    night's victim, not the day's), day 42's votes and sayings and its result. Its answers to
    those ended phases are no action."""
    names = ["Randy", "CopBot", "JohnDoe", "Steve", "Xyzzy", "Abe"]
    game = FakeGame(me="JohnDoe", names=names)
    game.phase, game.number = DAY, 41
    bot = scripted_bot(tmp_path, "JohnDoe", ["", "vote Steve", "say 1", "vote Randy", "", ""])
    player = joined_at(game, bot)
    player.step()
    game.voted_by("Steve", "Abe")
    game.said_by("Randy", "I think this player is mafia: Abe")
    game.said_by("Xyzzy", "not one of the seed's messages")
    game.voted_by("Randy", "Abe")
    game.dies("Abe", "mafioso", EXECUTED)
    game.next_phase()
    game.dies("Xyzzy", "villager")
    game.next_phase()
    game.voted_by("Steve", "Randy")
    game.said_by("CopBot", "Steve: I am the cop")
    game.voted_by("Randy", None)
    game.next_phase()
    turns = player.step()
    assert transcript(bot)[1:] == [
        'Steve votes to kill Abe\nRandy says "I think this player is mafia: Abe"\n'
        "Randy votes to kill Abe\n",
        "The town has killed Abe!\nThey were a mafioso\n",
        "Dawn of day 42.\nLast night, Xyzzy was killed. They were a villager.\n"
        "These players are still alive: Randy, CopBot, JohnDoe, Steve\n",
        'Steve votes to kill Randy\nCopBot says "Steve: I am the cop"\n'
        "Randy votes to kill no one\n",
        "The town opted to lynch no one today.\n",
    ]
    assert game.actions == []
    assert [turn.command for turn in turns] == [None] * 5
    assert player.step() == []  # a villager's night: nothing more to read


def test_the_mafia_learn_their_allies_and_pick_a_victim_at_night(tmp_path):
    game = FakeGame(me="Bob", role="mafioso", allies=["Dave"])
    bot = scripted_bot(tmp_path, "Bob", ["", "Erin"])
    player = joined_at(game, bot)
    player.step()
    game.next_phase()
    player.step()
    assert transcript(bot) == [
        DAY_ZERO + "You are a member of the mafia.\nYour allies are:\nDave\n",
        "It is night. Vote for a victim.\n",
    ]
    assert game.actions == [("night", 0, "Erin")]


def test_the_cop_alone_reads_the_result_at_dawn_in_the_seeds_words(tmp_path):
    """The seed's example dawn, word for word; the cop may investigate themself (C9)."""
    game = FakeGame(me="CopBot", role="cop", names=["Randy", "CopBot", "JohnDoe", "Steve", "Xyzzy"])
    game.phase, game.number = NIGHT, 41
    bot = scripted_bot(tmp_path, "CopBot", ["", "Randy", "", "", "CopBot"])
    player = joined_at(game, bot)
    player.step()
    game.dies("Xyzzy", "villager")
    game.results.append(Investigated(41, "Randy", "mafia"))
    game.next_phase()
    player.step()
    game.next_phase()
    player.step()
    assert transcript(bot) == [
        "The town opted to lynch no one today.\n",
        "It is night. Who would you like to investigate?\n",
        "Dawn of day 42.\nLast night, Xyzzy was killed. They were a villager.\n"
        "Investigations showed that Randy is mafia-aligned.\n"
        "These players are still alive: Randy, CopBot, JohnDoe, Steve\n",
        "The town opted to lynch no one today.\n",
        "It is night. Who would you like to investigate?\n",
    ]
    assert game.actions == [("night", 41, "Randy"), ("night", 42, "CopBot")]


def test_votes_and_sayings_reach_the_bot_as_the_seed_words_them(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", "vote no one", ""])
    player = joined_at(game, bot)
    player.step()
    game.voted_by("Bob", "Alice")
    game.said_by("Carol", "Bob: I think this player is mafia: Dave")
    game.said_by("Dave", "a free-text post is no seed message")
    game.voted_by("Erin", None)
    player.step()
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
    player = joined_at(game, bot)
    player.step()
    game.dies("Dave", "mafioso", EXECUTED)
    game.next_phase()
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
    player = joined_at(game, bot)
    player.step()
    game.next_phase()
    player.step()
    assert transcript(bot)[1] == "The town opted to lynch no one today.\n"


def test_nonsense_changes_nothing_anyone_reads_and_goes_to_the_bots_log(tmp_path, caplog):
    """C10: an unreadable answer is no action; the standing vote stands and nobody reads a
    vote the bot never wrote."""
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob", "dance", "say 17", "vote no one please"])
    player = joined_at(game, bot)
    with caplog.at_level(logging.WARNING, logger="bots.runner"):
        for _ in range(4):
            player.step()
    assert game.actions == [("vote", 1, "Bob")]
    assert game.votes == [Voted(1, 1, "Alice", "Bob", game.votes[0].at)]
    assert [turn.command for turn in player.turns] == [Vote("Bob"), None, None, None]
    bot_log = (tmp_path / "players" / "Alice.log").read_text()
    assert "day 1: 'dance': nonsense 'dance'" in bot_log
    assert "nonsense 'say 17'" in bot_log and "nonsense 'vote no one please'" in bot_log
    assert "nonsense 'dance'" in caplog.text


def test_nonsense_at_night_is_no_action(tmp_path):
    game = FakeGame(me="Alice", role="cop")
    game.phase = NIGHT
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob"])
    player = joined_at(game, bot)
    player.step()
    assert game.actions == []
    assert player.turns[0].command is None
    assert "nonsense 'vote Bob'" in player.turns[0].problem


def test_a_refused_vote_is_logged_and_no_action(tmp_path):
    game = FakeGame()
    game.number = 1
    game.refuse.add(("vote", 1, "Bob"))
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob"])
    joined_at(game, bot).step()
    assert game.actions == []
    assert "refused: Not allowed." in (tmp_path / "players" / "Alice.log").read_text()


def test_a_refused_night_choice_is_no_action(tmp_path):
    game = FakeGame(me="Alice", role="doctor")
    game.phase, game.number = NIGHT, 3
    game.refuse.add(("night", 3, "Alice"))
    bot = scripted_bot(tmp_path, "Alice", ["", "Alice"])
    player = joined_at(game, bot)
    player.step()
    assert game.actions == []
    assert player.turns[-1].command is None
    assert "Not allowed." in player.turns[-1].problem


def test_a_bot_acts_at_most_fifty_times_a_day_and_passes_do_not_count(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", *["say 1"] * 60])
    player = joined_at(game, bot, day_actions=50)
    for _ in range(60):
        player.step(run_idle=False) or player.step()
    assert len(game.actions) == 50
    game.next_phase()
    game.next_phase()
    player.step()
    player.step()
    assert len(game.actions) == 52


def test_a_quiet_day_runs_the_bot_only_when_something_was_said_unless_asked(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", "", ""])
    player = joined_at(game, bot)
    player.step(run_idle=False)
    assert player.step(run_idle=False) == []
    game.voted_by("Bob", "Carol")
    assert len(player.step(run_idle=False)) == 1


@pytest.mark.parametrize("status", ["ended", "signups"])
def test_nothing_runs_unless_the_game_is_running(tmp_path, status):
    game = FakeGame()
    game.status = status
    bot = scripted_bot(tmp_path, "Alice", ["vote Bob"])
    assert joined_at(game, bot).step() == []
    assert not (bot.path / "transcript").exists()


def test_the_dead_are_not_run_any_more(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["", ""])
    player = joined_at(game, bot)
    player.step()
    game.dies("Alice", "villager", EXECUTED)
    game.next_phase()
    assert player.step() == []
    assert len(transcript(bot)) == 1


def test_a_saying_with_a_recipient_is_posted_in_the_seeds_wording(tmp_path):
    game = FakeGame()
    game.number = 1
    bot = scripted_bot(tmp_path, "Alice", ["say 16 Bob Carol"])
    player = joined_at(game, bot)
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
            game.voted_by("Bob", "Carol")
        else:
            game.status = "finished"

    play(game, joined_at(game, bot), poll_seconds=7, sleep=sleep)
    assert waits == [7, 7]
    assert game.actions == [("vote", 1, "Bob"), ("say", 1, "Yes")]


def test_the_player_program_stops_when_the_player_dies(tmp_path):
    game = FakeGame()
    game.dies("Alice", "villager")
    bot = scripted_bot(tmp_path, "Alice", [])
    play(game, joined_at(game, bot), sleep=lambda seconds: pytest.fail("no wait"))
    assert game.actions == []
