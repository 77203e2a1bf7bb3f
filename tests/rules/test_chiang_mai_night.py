"""Chiang Mai (seed 004): the night in order (M4), the host's script (M10) and the thumbs read
from the hands as they were (M11)."""

import random

from game.rulesets.chiang_mai.night import NightPicks, pick_refusal, resolve_night, with_doses
from game.rulesets.chiang_mai.script import night_script
from game.rulesets.chiang_mai.table import active_killers
from tests.rules.chiang_mai_tables import BJ, BK, JO, RA, RJ, RK, RQ, N, table_of


def table10():
    """1 black King, 2 red King on top, 3 black Jack, 4 red Jack, 5 Queen, 6 Ace, 7 Joker."""
    return table_of(
        (BK, N), (RK, N), (N, BJ), (RJ, N), (RQ, N), (RA, N), (JO, N), (N, N), (N, N), (N, N)
    )


def night(number=1, **picks):
    return NightPicks(number, **picks)


def test_killers_poison_the_player_they_picked_most():
    outcome = resolve_night(table10(), night(killers={1: 8, 2: 8}), random.Random(0))
    assert outcome.poisoned == 8 and outcome.deaths == (8,)


def test_a_tie_between_the_killers_is_a_seeded_draw_among_the_tied():
    drawn = {
        resolve_night(table10(), night(killers={1: 8, 2: 9}), random.Random(s)).poisoned
        for s in range(20)
    }
    assert drawn == {8, 9}
    again = resolve_night(table10(), night(killers={1: 8, 2: 9}), random.Random(3))
    assert (
        again.poisoned
        == resolve_night(table10(), night(killers={1: 8, 2: 9}), random.Random(3)).poisoned
    )


def test_an_inactive_killers_pick_does_not_count():
    table = table_of((N, RK), (BK, N), (BJ, N), (N, N), (N, N), (N, N), (N, N))
    outcome = resolve_night(table, night(killers={1: 4, 2: 5}), random.Random(0))
    assert outcome.poisoned == 5


def test_the_doctor_cures_the_poisoned_player_who_gets_no_dose():
    outcome = resolve_night(table10(), night(killers={1: 8}, doctors={5: 8}), random.Random(0))
    assert outcome.deaths == () and outcome.doses[8] == 0


def test_a_vaccine_on_anyone_else_is_a_dose():
    outcome = resolve_night(table10(), night(killers={1: 8}, doctors={5: 9}), random.Random(0))
    assert outcome.deaths == (8,) and outcome.doses[9] == 1


def test_a_second_dose_is_an_overdose_a_death_after_which_doses_are_zero():
    table = table10()
    table = with_doses(table, {9: 1})
    outcome = resolve_night(table, night(number=3, doctors={5: 9}), random.Random(0))
    assert outcome.deaths == (9,) and outcome.doses[9] == 0


def test_the_doctor_may_vaccinate_themself():
    outcome = resolve_night(table10(), night(doctors={5: 5}), random.Random(0))
    assert outcome.doses[5] == 1


def test_doses_outlast_a_lost_card():
    table = with_doses(table10(), {8: 1})
    table[8] = table[8].without_top()
    outcome = resolve_night(table, night(number=2, doctors={5: 8}), random.Random(0))
    assert outcome.deaths == (8,)


def test_thumbs_up_when_the_target_top_card_is_a_king():
    outcome = resolve_night(table10(), night(policemen={3: 2, 4: 2}), random.Random(0))
    assert outcome.thumbs.up and outcome.thumbs.target == 2
    assert outcome.thumbs.policemen == (3, 4)


def test_thumbs_down_on_a_killer_whose_king_lies_below():
    table = table_of((N, BK), (BJ, N), (N, N), (N, N), (N, N), (N, N), (N, N))
    outcome = resolve_night(table, night(policemen={2: 1}), random.Random(0))
    assert not outcome.thumbs.up


def test_thumbs_down_on_a_killer_who_lost_their_king():
    table = table10()
    table[1] = table[1].without_top()
    assert table[1].killer and active_killers(table) == [2]
    outcome = resolve_night(table, night(policemen={3: 1}), random.Random(0))
    assert not outcome.thumbs.up


def test_thumbs_read_the_hands_as_they_were_that_night_even_if_the_king_dies():
    outcome = resolve_night(
        table10(), night(killers={1: 2}, policemen={3: 2}, assassins={6: 2}), random.Random(0)
    )
    assert outcome.thumbs.up and outcome.deaths == (2, 2)


def test_the_assassin_may_refrain_on_night_one():
    outcome = resolve_night(table10(), night(number=1), random.Random(0))
    assert outcome.deaths == () and outcome.flags == ()
    assert [r.code for r in outcome.reasons] == ["refrained"]


def test_from_night_two_an_assassin_without_a_choice_kills_nobody_and_is_flagged():
    outcome = resolve_night(table10(), night(number=2), random.Random(0))
    assert outcome.deaths == () and [f.code for f in outcome.flags] == ["assassin_missing"]


def test_the_assassins_kill_cannot_be_cured():
    outcome = resolve_night(table10(), night(assassins={6: 9}, doctors={5: 9}), random.Random(0))
    assert 9 in outcome.deaths


def test_poison_and_assassination_on_one_player_are_two_deaths():
    outcome = resolve_night(table10(), night(killers={1: 9}, assassins={6: 9}), random.Random(0))
    assert outcome.deaths == (9, 9)


def test_only_the_assassin_on_night_one_may_point_at_no_one():
    table = table10()
    assert pick_refusal(table, [6], 6, None, may_pass=True) == ""
    assert "Point at a player" in pick_refusal(table, [6], 6, None, may_pass=False)
    assert "does not act" in pick_refusal(table, [1, 2], 3, 8, may_pass=False)


def test_the_script_calls_every_role_in_order_even_roles_no_longer_in_play():
    table = table_of((N, N), (BK, N), (BJ, N), (N, N), (N, N), (N, N), (N, N))
    calls = night_script(table, 2, seconds=15)
    assert [c.name for c in calls] == ["Killers", "Doctor", "Policemen", "Assassin"]
    assert [c.actors for c in calls] == [(2,), (), (3,), ()]
    assert {c.seconds for c in calls} == {15}
    assert not any(c.may_pass for c in calls)
    assert night_script(table, 1)[3].may_pass
