"""Chiang Mai on the night engine (M2-M5, M11): each role one module with its own effect, run
by `nights.resolve` in the seed's order; the hands declared once (`cards.HANDS`); the dose
counter in the player's state; the thumbs a private result of the active Policemen."""

import random

import pytest

from game.rulesets.chiang_mai import CHIANG_MAI
from game.rulesets.chiang_mai.cards import HANDS, KILLERS, VILLAGE
from game.rulesets.chiang_mai.night import NightPicks, night_state, resolve_night
from game.rulesets.hands import StateError
from game.rulesets.nights import Kind, resolve
from tests.rules.chiang_mai_tables import BJ, BK, JO, RA, RJ, RK, RQ, N, table_of


def table10():
    return table_of(
        (BK, N), (RK, N), (N, BJ), (RJ, N), (RQ, N), (RA, N), (JO, N), (N, N), (N, N), (N, N)
    )


def test_the_engine_runs_the_roles_actions_in_the_seeds_order():
    """M4: Killers, Doctor, Policemen, Assassin."""
    assert [a.code for a in CHIANG_MAI.night_order] == [
        "poison",
        "vaccinate",
        "point",
        "assassinate",
    ]
    assert all(a.effect is not None for a in CHIANG_MAI.night_order)


def test_the_hands_declare_active_cards_roles_deaths_and_the_side_in_one_place():
    """M2, M3, M5."""
    assert HANDS.active_roles((N, BK)) == ("villager", "killer")
    assert HANDS.active_roles((N, RK)) == ("villager",)
    assert HANDS.active_roles((RQ, BJ)) == ("doctor", "policeman")
    assert HANDS.after_deaths((N, RK)) == (RK,)
    assert HANDS.after_deaths((N, RK), 2) == ()
    assert HANDS.side((N, RK)) == KILLERS and HANDS.side((RJ, N)) == VILLAGE
    assert CHIANG_MAI.hands is HANDS and HANDS.deaths_stack


def test_a_killers_missing_pointing_does_not_count_against_the_one_made():
    """M4: the Killers agree by pointing; a Killer who did not point is no vote for no one."""
    for seed in range(20):
        outcome = resolve_night(table10(), NightPicks(1, killers={2: 8}), random.Random(seed))
        assert outcome.poisoned == 8 and outcome.deaths == (8,)


def test_the_thumbs_are_told_to_each_active_policeman_and_said_once_to_the_host():
    """M4, M12: only the active Policemen learn the thumbs; the host reads them in the log."""
    state = night_state(table10(), NightPicks(2, policemen={3: 1, 4: 1}, assassins={6: 9}))
    outcome = resolve(state, CHIANG_MAI, random.Random(0))
    told = [(o.player, o.told.render({1: "Ann"})) for o in outcome.results]
    assert told == [(3, "Thumbs up on Ann."), (4, "Thumbs up on Ann.")]
    assert [r.code for r in outcome.reasons] == ["thumbs", "assassinated"]


def test_the_doses_live_in_the_players_state_which_the_rule_set_checks():
    """M4, M11: the dose counter is a declared value of the player's state."""
    state = night_state(table10(), NightPicks(1, doctors={5: 9}))
    outcome = resolve(state, CHIANG_MAI, random.Random(0))
    assert outcome.player_state[9]["doses"] == 1
    assert [o.kind for o in outcome.outcomes] == [Kind.DAMAGE]
    stored = {"dealt": [N, N], "cards": [N], "killer": False, "doses": 1}
    assert CHIANG_MAI.state_of(stored) == stored
    with pytest.raises(StateError, match="doses cannot go below 0"):
        CHIANG_MAI.state_of({**stored, "doses": -1})


def test_two_doctors_on_the_poisoned_player_cure_once_and_give_no_dose():
    """M4, M11: a cured player gets no dose, from either Doctor."""
    table = table_of((BK, N), (RQ, N), (N, RQ), (BJ, N), (N, N), (N, N), (N, N))
    table[3] = table[3].reordered(RQ)
    outcome = resolve_night(
        table, NightPicks(1, killers={1: 5}, doctors={2: 5, 3: 5}), random.Random(0)
    )
    assert outcome.deaths == () and outcome.doses[5] == 0
    assert [r.code for r in outcome.reasons] == ["poisoned", "cured", "cured"]
