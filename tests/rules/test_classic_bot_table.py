"""The seed's bots at a classic table in memory (game/rulesets/classic/bot_table.py), which the
balance estimate plays: each program answers there exactly as in its folder, the table refuses
what the app refuses (C1-C5), what a player does in a turn is read from the next, and a game
keeps the rules to its winner (C6, C7) and repeats from its seed (C8)."""

from collections import Counter

import pytest

from bots import protocol
from bots.game_view import DAY, EXECUTED, KILLED, NIGHT, Refused
from bots.programs import FOLDERS, RESPONDERS
from bots.runner import BotFolder
from game.rulesets.classic.bot_table import MemoryFolder, MemoryGame, SeatApi, play, winner_of
from game.rulesets.classic.setup import counts_for

ROLES = {
    "Ann": "mafioso",
    "Bob": "cop",
    "Cat": "doctor",
    "Dan": "villager",
    "Eve": "mafioso",
    "Fay": "villager",
    "Gus": "villager",
}
PROGRAMS = dict(zip(ROLES, ["Randy", "CopFollower", "CautiousMafioso"] * 3, strict=False))
MESSAGES = [
    protocol.day_zero_message("mafioso", ["Eve"]),
    protocol.vote_line("Bob", "Cat") + "\n" + protocol.say_line("Dan", "I am the cop") + "\n",
    protocol.night_message("mafioso"),
    protocol.dawn_message(1, list(ROLES), victim="Dan", victim_role="villager"),
    protocol.say_line("Bob", "I think this player is mafia: Ann") + "\n",
    protocol.vote_line("Cat", "Fay") + "\n",
    protocol.execution_message("Fay", "villager"),
    protocol.night_message("mafioso"),
]


@pytest.mark.parametrize("program", sorted(FOLDERS))
def test_each_program_answers_in_memory_as_it_answers_in_its_folder(tmp_path, program):
    folder = BotFolder.install(FOLDERS[program], tmp_path / "Ann", seed="same")
    memory = MemoryFolder("Ann", RESPONDERS[program], "same")
    for bot in (folder, memory):
        bot.write_players(list(ROLES))
    from_folder = [folder.ask(message).to_server for message in MESSAGES]
    in_memory = [memory.ask(message).to_server for message in MESSAGES]
    assert in_memory == from_folder
    assert any(answer.strip() for answer in in_memory)


def table() -> tuple[MemoryGame, dict[str, SeatApi]]:
    game = MemoryGame(ROLES, "refusals")
    return game, {name: SeatApi(game, name) for name in ROLES}


def test_the_table_refuses_what_the_app_refuses():
    game, seat = table()
    with pytest.raises(Refused, match="day 0"):
        seat["Bob"].vote(0, "Ann")  # C1: no vote on day 0
    with pytest.raises(Refused, match="not open"):
        seat["Ann"].night_action(0, "Dan")  # a night action by day
    game.end_phase()
    assert (game.phase, game.number) == (NIGHT, 0)
    with pytest.raises(Refused, match="day 0 has ended"):
        seat["Dan"].say(0, "I am the cop")
    with pytest.raises(Refused, match="no night action"):
        seat["Dan"].night_action(0, "Ann")
    seat["Cat"].night_action(0, "Cat")  # the doctor's one self-save (C3)
    seat["Ann"].night_action(0, "Dan")
    game.end_phase()
    assert [d.name for d in game.deaths] == ["Dan"] and game.deaths[0].cause == KILLED
    with pytest.raises(Refused, match="Dead players do not vote"):
        seat["Dan"].vote(1, "Ann")
    with pytest.raises(Refused, match="Dan is dead"):
        seat["Bob"].vote(1, "Dan")
    game.end_phase()
    with pytest.raises(Refused, match="already saved yourself"):
        seat["Cat"].night_action(1, "Cat")
    with pytest.raises(Refused, match="living player"):
        seat["Ann"].night_action(1, "Dan")


def test_what_a_player_does_in_a_turn_the_others_read_from_the_next():
    game, seat = table()
    game.end_phase()
    game.end_phase()
    seat["Bob"].vote(1, "Ann")
    seat["Bob"].say(1, "I am the cop")
    assert seat["Cat"].view().votes == () and seat["Cat"].sayings(1) == []
    game.end_turn()
    assert [(v.voter, v.target) for v in seat["Cat"].view().votes] == [("Bob", "Ann")]
    assert [s.text for s in seat["Cat"].sayings(1)] == ["I am the cop"]


def test_the_day_kills_the_most_voted_and_the_mafia_know_each_other():
    game, seat = table()
    assert seat["Ann"].view().allies == ("Eve",) and seat["Dan"].view().allies == ()
    assert {s.name: s.role for s in seat["Dan"].view().seats}["Ann"] is None
    game.end_phase()
    game.end_phase()
    for voter in ("Bob", "Cat", "Dan", "Fay"):
        seat[voter].vote(1, "Ann")
    seat["Gus"].vote(1, None)
    game.end_phase()
    assert game.deaths[-1].name == "Ann" and game.deaths[-1].cause == EXECUTED
    assert {s.name: s.role for s in seat["Dan"].view().seats}["Ann"] == "mafioso"  # C6


@pytest.mark.parametrize("seed", ["rules 1", "rules 2", "rules 3"])
def test_a_table_game_keeps_the_rules_to_its_winner(seed):
    game = play(ROLES, PROGRAMS, seed)
    executions = [d.day for d in game.deaths if d.cause == EXECUTED]
    assert len(executions) == len(set(executions)) and 0 not in executions  # C1, C5
    assert {d.name for d in game.deaths} == set(ROLES) - game.living
    mafia = [name for name in game.living if ROLES[name] == "mafioso"]
    expected = "village" if not mafia else "mafia"  # C6
    assert game.winner == expected and game.status == "finished"
    if expected == "mafia":
        assert len(game.living) - len(mafia) <= len(mafia)


def test_games_of_the_default_setup_go_both_ways():
    dealt = Counter(winner_of(counts_for(7), 7, f"deal {n}") for n in range(30))
    assert sum(dealt.values()) == 30 and set(dealt) <= {"village", "mafia", None}
    assert len(set(dealt)) > 1, "thirty games of seven bots never went both ways"


def test_a_game_repeats_from_its_seed():
    outcomes = [[winner_of(counts_for(8), 8, f"again {n}") for n in range(12)] for _ in range(2)]
    assert outcomes[0] == outcomes[1]


def test_a_game_is_days_and_nights_in_the_seeds_order():
    game, seat = table()
    phases = []
    while game.status == "running" and len(phases) < 6:
        phases.append((game.phase, game.number))
        game.end_phase()
    assert phases == [(DAY, 0), (NIGHT, 0), (DAY, 1), (NIGHT, 1), (DAY, 2), (NIGHT, 2)]
