"""Chiang Mai (seed 004): the dawn (M5, M11), the Hunter (M6), the day and its vote (M7), the
runoff (M8) and the win (M9)."""

import random

import pytest

from game.rulesets.chiang_mai.dawn import ShotError, cards_lost, hunter_shot
from game.rulesets.chiang_mai.day import (
    ballot_refusal,
    day_timers,
    farewells_due,
    hands_refusal,
    runoff_result,
    runoff_timers,
    vote_result,
)
from game.rulesets.chiang_mai.table import KILLERS, VILLAGE, winner
from tests.rules.chiang_mai_tables import BJ, BK, JO, RJ, RK, RQ, N, table_of


def test_a_death_removes_the_top_card_and_the_card_under_it_is_on_top():
    after = cards_lost(table_of((RQ, RK), (BJ, N), (BK, N)), [1])
    assert after.table[1].cards == (RK,)
    assert after.lost[0].card == RQ and not after.lost[0].eliminated


def test_two_deaths_of_one_player_in_one_night_remove_both_cards():
    after = cards_lost(table_of((N, N), (BJ, N), (BK, N)), [1, 1])
    assert not after.table[1].in_game
    assert [c.eliminated for c in after.lost] == [False, True]


def test_the_village_wins_when_no_killer_is_left_in_the_game():
    assert cards_lost(table_of((BK,), (BJ, N), (N, N)), [1]).winner == VILLAGE


def test_the_killers_win_when_no_jack_is_left_in_any_hand():
    assert cards_lost(table_of((BK, N), (BJ,), (N, N)), [2]).winner == KILLERS


def test_a_killer_without_a_king_still_keeps_the_killers_in_the_game():
    after = cards_lost(table_of((BK, N), (BJ, N), (N, N)), [1])
    assert after.table[1].cards == (N,) and after.table[1].killer and after.winner is None


def test_both_wins_at_once_go_to_the_village():
    assert cards_lost(table_of((BK,), (BJ,), (N, N)), [1, 2]).winner == VILLAGE


def test_the_hunter_shoots_after_the_win_check_and_the_target_loses_a_card():
    table = table_of((JO, N), (BK, N), (BJ, N), (N, N))
    after = cards_lost(table, [1])
    assert after.hunters == (1,) and after.winner is None
    shot = hunter_shot(after, 1, 4)
    assert shot.table[4].cards == (N,) and shot.hunters == ()


def test_the_hunter_chooses_even_when_eliminated():
    after = cards_lost(table_of((N, JO), (BK, N), (BJ, N), (N, N)), [1, 1])
    assert not after.table[1].in_game and after.hunters == (1,)


def test_a_won_game_has_no_shot():
    after = cards_lost(table_of((JO, N), (BK,), (BJ, N)), [1, 2])
    assert after.winner == VILLAGE and after.hunters == ()


def test_a_hunter_cannot_shoot_themself_nor_out_of_turn():
    after = cards_lost(table_of((JO, N), (BK, N), (BJ, N), (JO, N)), [1, 4])
    assert after.hunters == (1, 4)
    with pytest.raises(ShotError, match="themself"):
        hunter_shot(after, 1, 1)
    with pytest.raises(ShotError, match="seat order"):
        hunter_shot(after, 4, 2)


def test_the_hunters_chain_a_shot_hunter_shoots_at_once_and_wins_are_checked_after_each():
    table = table_of((JO, N), (N, JO), (BK,), (BJ, N), (N, N), (JO, N))
    after = cards_lost(table, [1, 6])
    assert after.hunters == (1, 6)
    first = hunter_shot(after, 1, 2)
    assert first.table[2].cards == (JO,) and first.hunters == (6,) and first.winner is None
    chained = hunter_shot(first, 6, 2)
    assert not chained.table[2].in_game and chained.hunters == (2,)
    won = hunter_shot(chained, 2, 3)
    assert won.winner == VILLAGE and won.hunters == ()


def test_a_hunter_may_choose_no_one():
    after = cards_lost(table_of((JO, N), (BK, N), (BJ, N)), [1])
    assert hunter_shot(after, 1, None).hunters == ()


def test_the_first_five_eliminated_each_get_one_farewell():
    assert farewells_due([4, 7, 1, 2, 9, 3], farewelled=[4]) == [7, 1, 2, 9]


def test_the_day_timers_follow_the_seed():
    table = table_of((N, N), (BK,), (), (BJ, N))
    timers = day_timers(table, [3])
    assert [(t.code, t.seconds, t.player) for t in timers] == [
        ("farewell", 20, 3),
        ("discussion", 180, None),
        ("speech", 20, 1),
        ("speech", 20, 2),
        ("speech", 20, 4),
    ]
    assert [(t.code, t.seconds) for t in runoff_timers([1, 2])] == [("defence", 20)] * 2


def test_split_and_withheld_votes_are_weighted_by_cards():
    table = table_of((N, N), (BK,), (BJ, N), (N, N))
    assert ballot_refusal(table, 1, {2: 1, 3: 1}) == ""
    assert ballot_refusal(table, 2, {}) == ""
    assert "1 vote(s) at most" in ballot_refusal(table, 2, {1: 2})
    result = vote_result({1: {2: 1, 3: 1}, 2: {3: 1}, 4: {2: 1}, 3: {}})
    assert result.loser is None and result.tied == (2, 3)
    assert vote_result({1: {2: 2}, 2: {3: 1}}).loser == 2


def test_nobody_voting_costs_nobody_a_card():
    result = vote_result({1: {}, 2: {}})
    assert result.loser is None and result.tied == ()


def test_in_the_runoff_the_tied_do_not_vote_and_the_others_place_every_vote_on_the_tied():
    table = table_of((N, N), (BK,), (BJ, N), (N, N))
    assert "do not vote" in ballot_refusal(table, 2, {3: 1}, runoff=[2, 3])
    assert "every vote must be placed" in ballot_refusal(table, 1, {2: 1}, runoff=[2, 3])
    assert "only for the tied" in ballot_refusal(table, 1, {4: 2}, runoff=[2, 3])
    assert ballot_refusal(table, 1, {2: 1, 3: 1}, runoff=[2, 3]) == ""
    assert runoff_result([2, 3], {1: {3: 2}, 4: {2: 1, 3: 1}}, random.Random(0)).loser == 3


def test_a_runoff_tied_again_is_a_seeded_draw_among_the_tied():
    drawn = {
        runoff_result([2, 3], {1: {2: 1, 3: 1}}, random.Random(seed)).loser for seed in range(20)
    }
    assert drawn == {2, 3}
    assert [r.code for r in runoff_result([2, 3], {}, random.Random(0)).reasons] == ["drawn"]


def test_a_red_jack_left_below_keeps_the_killers_from_winning():
    assert winner(table_of((BK, N), (N, RJ))) is None
    assert winner(table_of((RK, N), (N, N))) == KILLERS


def test_the_hands_counted_at_the_table_are_checked_against_the_cards_of_those_voting_by_hand():
    """M7: one hand per card held; seats 1-3 vote by hand and hold 5 cards (seat 3 lost one)."""
    table = table_of((BK, N), (BJ, N), (N,), (RQ, N), (N, N))
    names = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Dee", 5: "Eve"}

    def refused(counts, runoff=None):
        return hands_refusal(table, counts, [1, 2, 3], runoff, names)

    assert refused({4: 3, 5: 2}) == "" and refused({4: 1}) == ""
    assert refused({4: 6}) == "Dee: 6 hands, but the players voting by hand hold 5 cards (M7)."
    assert (
        refused({4: 3, 5: 3}) == "6 hands in all, but the players voting by hand hold 5 cards (M7)."
    )
    assert refused({4: -1}) == "Dee: a count cannot be negative."


def test_a_runoff_count_places_every_hand_on_the_tied():
    """M8, M11: the tied (4 and 5) do not vote; the others place all their votes on them."""
    table = table_of((BK, N), (BJ, N), (N,), (RQ, N), (N, N))
    names = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Dee", 5: "Eve"}
    assert hands_refusal(table, {4: 3, 5: 2}, [1, 2, 3], (4, 5), names) == ""
    assert "every vote is placed: 5 hands, not 4" in hands_refusal(
        table, {4: 2, 5: 2}, [1, 2, 3], (4, 5), names
    )
    assert hands_refusal(table, {1: 1, 4: 4}, [2, 3], (4, 5), names).startswith("Ann is not tied")
