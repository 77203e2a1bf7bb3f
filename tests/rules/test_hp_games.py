"""Whole HP games: the seed's own games replayed with the choices they show (seed 000, H11), and
random all-computer games (H10) that must always end by the rules."""

from __future__ import annotations

import random

import pytest

from game.rulesets.hp.play import dealt_table, play, seats
from game.rulesets.hp.texts import ALL

NAMES = {i: f"Player{i}" for i in range(1, 21)}


def public_log(game) -> list[str]:
    return [line.reason.render(NAMES) for line in game.lines if line.audience == ALL]


def scripted(picks_by_round, ballots_by_round):
    """The seed's choices, round by round; every ballot of a round is the same."""

    def picks_for(table, number):
        return picks_by_round[number]

    def ballots_for(table, number, ballot):
        return ballots_by_round[number]

    return picks_for, ballots_for


def test_the_detectives_game_of_the_seed_replayed():
    """The seed's "Game from detective's perspective": Player1 and Player8 mafia, Player5 and
    Player6 detectives, Player7 healer."""
    roles = {i: "commoner" for i in range(1, 11)}
    roles.update({1: "mafia", 8: "mafia", 5: "detective", 6: "detective", 7: "healer"})
    picks = {
        1: {"mafia": {1: 3, 8: 3}, "detective": {5: 4, 6: 4}, "healer": {7: 2}},
        2: {"mafia": {1: 9, 8: 9}, "detective": {5: 1, 6: 1}, "healer": {7: 9}},
        3: {"mafia": {8: 2}, "detective": {5: 2, 6: 2}, "healer": {7: 10}},
    }
    # Round 1: the user votes Player2, the others carry Player4 out.
    ballots = {
        1: {6: 2, 1: 4, 2: 4, 5: 4, 7: 4, 9: 4, 8: 2, 10: 2, 4: 2},
        2: {},
        3: {2: 8, 5: 8, 6: 8, 7: 8, 9: 8, 10: 8, 8: 5},
    }
    game = play(seats(roles), "seed-000", *scripted(picks, ballots))
    log = public_log(game)
    assert [(r.died, r.voted_out, r.forced) for r in game.rounds] == [
        (3, 4, False),
        (None, 1, True),
        (2, 8, False),
    ]
    for said in (
        "10 players are remaining: Player1, Player2, Player3, Player4, Player5, Player6, "
        "Player7, Player8, Player9, Player10 are alive.",
        "Player3 has died.",
        "Player4 has been voted out.",
        "--End of Round 1--",
        "No one died.",
        "Player1 has been voted out.",
        "Player2 has died.",
        "Player8 has been voted out.",
    ):
        assert said in log
    assert log[-6:] == [
        "Game Over.",
        "The Mafias have lost.",
        "Player1 and Player8 were mafia.",
        "Player5 and Player6 were Detectives.",
        "Player7 was Healer.",
        "Player2, Player3, Player4, Player9, Player10 were Commoners.",
    ]
    detectives = [line.reason.render(NAMES) for line in game.lines if line.audience == "detective"]
    assert detectives == [
        "Player4 is not a mafia.",
        "Player1 is a mafia.",
        "Player2 is not a mafia.",
    ]
    assert "Player4 is not a mafia." not in log
    assert next(s for s in game.table if s.id == 9).hp == 500


def test_the_healers_game_of_the_seed_replayed_with_the_heal_that_explains_round_4():
    """The seed's "Game from healer's perspective" (the mafia's game is the same deal, H11):
    Player1 and Player9 mafia; the heal of Player1 in round 2 is why the lone mafia's round-4
    attack on Player4 kills."""
    roles = {i: "commoner" for i in range(1, 11)}
    roles.update({1: "mafia", 9: "mafia", 5: "detective", 6: "detective", 7: "healer"})
    picks = {
        1: {"mafia": {1: 6, 9: 6}, "detective": {5: 3, 6: 3}, "healer": {7: 3}},
        2: {"mafia": {1: 8, 9: 8}, "healer": {7: 1}},
        3: {"mafia": {1: 2}, "healer": {7: 7}},
        4: {"mafia": {1: 4}, "healer": {7: 7}},
    }
    ballots = {
        1: {i: 5 for i in (1, 2, 3, 4, 7, 8, 9, 10)} | {5: 1},
        2: {i: 9 for i in (1, 2, 3, 4, 7, 10)} | {9: 10},
        3: {i: 3 for i in (1, 4, 7, 10)} | {3: 1},
        4: {1: 7, 4: 7, 10: 7, 7: 1},
    }
    game = play(seats(roles), "seed-000", *scripted(picks, ballots))
    assert [(r.died, r.voted_out) for r in game.rounds] == [(6, 5), (8, 9), (2, 3), (4, 7)]
    assert game.winner == "mafia"
    assert next(s for s in game.table if s.id == 1).hp == 100
    log = public_log(game)
    assert (
        "The Mafias have won. Since the ratio of alive mafias to others is 1:1, Mafias win." in log
    )
    assert log[-4:-1] == [
        "Player1 and Player9 were mafia.",
        "Player5 and Player6 were Detectives.",
        "Player7 was Healer.",
    ]
    # H3: the detectives are gone from round 2, and still announced.
    assert log.count("Detectives have chosen a player to test.") == 4


def test_a_dawn_that_ends_the_game_has_no_vote_out_even_after_a_positive_test():
    """H12: the win at dawn ends the game; the caught mafia is not voted out."""
    roles = {1: "mafia", 2: "mafia", 3: "detective", 4: "commoner", 5: "commoner"}
    picks = {1: {"mafia": {1: 4, 2: 4}, "detective": {3: 1}, "healer": {}}}
    game = play(seats(roles), "s", *scripted(picks, {}))
    assert game.winner == "mafia"
    assert [(r.died, r.voted_out, r.reached_day) for r in game.rounds] == [(4, None, False)]


def test_random_all_computer_games_always_end_with_one_vote_out_per_day_and_no_negative_hp():
    """H8, H9, H10: 400 games of 5 to 20 computer players."""
    sizes = random.Random(0)
    for number in range(400):
        players = sizes.randint(5, 20)
        game = play(dealt_table(players, f"prop-{number}"), f"prop-{number}")
        assert game.winner in {"mafia", "village"}
        assert len(game.rounds) <= players
        for record in game.rounds:
            assert (record.voted_out is not None) == record.reached_day
        assert all(r.reached_day for r in game.rounds[:-1])
        assert game.lowest_hp >= 0
        out = [r.voted_out for r in game.rounds if r.voted_out] + [
            r.died for r in game.rounds if r.died
        ]
        assert len(out) == len(set(out)) == players - sum(s.alive for s in game.table)


@pytest.mark.parametrize("players", [5, 10, 20])
def test_the_same_seed_plays_the_same_game(players):
    first = play(dealt_table(players, "again"), "again")
    second = play(dealt_table(players, "again"), "again")
    assert first.rounds == second.rounds and first.winner == second.winner
