"""The balance estimate's pure part: the variants of a setup, the plan of its games, and games
that repeat from their seed, so that a chunk counts the same whoever plays it."""

from game.rulesets.balance import Plan, counts_refusal, plan_for, play_range, variants
from game.rulesets.balance.simulations import CHIANG_MAI, CLASSIC, HP, SIMULATIONS
from game.rulesets.pages import ESTIMATES
from game.rulesets.registry import RULESETS

SEVEN = {"mafioso": 2, "cop": 1, "doctor": 1}


def test_the_variants_of_a_classic_seven_are_one_role_more_or_fewer_that_can_be_dealt():
    found = {v.key: (v.counts, v.players) for v in variants(CLASSIC, SEVEN, 7)}
    assert found["base"] == (SEVEN, 7)
    assert found["mafioso+1"] == ({**SEVEN, "mafioso": 3}, 7)
    assert found["mafioso-1"] == ({**SEVEN, "mafioso": 1}, 7)
    assert found["villager+1"] == (SEVEN, 8)
    assert found["villager-1"] == (SEVEN, 6)
    # Six players is the least (C7): a setup of six has no fewer.
    assert "villager-1" not in {v.key for v in variants(CLASSIC, SEVEN, 6)}
    # No mafioso cannot be dealt.
    assert "mafioso-1" not in {v.key for v in variants(CLASSIC, {**SEVEN, "mafioso": 1}, 7)}


def test_a_setup_that_cannot_be_dealt_is_refused_with_its_reason():
    assert "needs a mafioso" in counts_refusal({"mafioso": 0}, 7, CLASSIC)
    assert "more than" in counts_refusal({"mafioso": 6, "cop": 2}, 7, CLASSIC)
    assert "6 to 30" in counts_refusal(SEVEN, 5, CLASSIC)
    assert "No such role" in counts_refusal({"werewolf": 1}, 7, CLASSIC)
    assert counts_refusal(SEVEN, 7, CLASSIC) == ""
    assert "Jack" in counts_refusal({"black_king": 1}, 7, CHIANG_MAI)


def test_the_plan_places_each_game_in_its_variant():
    plan = plan_for(CLASSIC, SEVEN, 7, 1000, 250)
    assert isinstance(plan, Plan) and len(plan.variants) == 9
    assert plan.total == 1000 + 8 * 250
    assert plan.at(0) == (plan.variants[0], 0, 1000)
    assert plan.at(999) == (plan.variants[0], 999, 1)
    assert plan.at(1000) == (plan.variants[1], 0, 250)
    assert plan.at(1260) == (plan.variants[2], 10, 240)


def test_games_repeat_from_their_seed_whatever_the_chunks():
    base = variants(CLASSIC, SEVEN, 7)[0]
    whole = play_range(CLASSIC, base, "s", 0, 60)
    assert play_range(CLASSIC, base, "s", 0, 25) + play_range(CLASSIC, base, "s", 25, 60) == whole
    assert sum(whole.values()) == 60 and set(whole) <= {"village", "mafia"}


def test_every_simulated_rule_set_plays_its_default_setup_to_a_winner():
    for simulation, players in ((CLASSIC, 7), (HP, 10), (CHIANG_MAI, 7)):
        base = variants(simulation, simulation.defaults(players), players)[0]
        won = play_range(simulation, base, "t", 0, 5)
        assert sum(won.values()) == 5 and "none" not in won, simulation.code
    assert set(SIMULATIONS) == {"classic", "hp", "chiang_mai"}


def test_the_rule_sets_with_computer_players_are_those_that_serve_the_estimate_pages():
    for code, rules in RULESETS.items():
        served = rules.pages.served >= ESTIMATES
        assert served == (code in SIMULATIONS), code
        assert not ESTIMATES & rules.pages.served or served, code
