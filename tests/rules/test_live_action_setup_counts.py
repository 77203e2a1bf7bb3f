import random

from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.live_action.setup_counts import (
    REFERENCE_PLAYERS,
    counts_for,
    item_counts_for,
)
from game.rulesets.setup import Setup
from game.rulesets.setup_check import setup_check


def test_the_default_counts_are_the_rule_sets_own_at_the_reference_size():
    assert REFERENCE_PLAYERS == 50
    assert counts_for(50) == {role.code: role.default_count for role in LIVE_ACTION.countable_roles}


def test_the_default_counts_scale_with_the_sign_ups_halves_rounded_up():
    assert counts_for(100)["mafia"] == 10 and counts_for(100)["serial_killer"] == 4
    assert counts_for(25)["mafia"] == 3 and counts_for(25)["priest"] == 1
    assert counts_for(24)["priest"] == 0


def test_a_small_game_keeps_one_mafia_member():
    assert counts_for(5)["mafia"] == 1 and sum(counts_for(5).values()) == 1


def test_the_setup_follows_the_players_until_a_count_is_set():
    assert LIVE_ACTION.default_setup(100).roles["mafia"] == 10
    assert LIVE_ACTION.setup_of({"roles": {"mafia": 7}}, 100).roles == {
        **counts_for(100),
        "mafia": 7,
    }


def test_nobody_signed_up_names_no_role_so_the_check_asks_for_nothing():
    assert sum(counts_for(0).values()) == 0
    assert setup_check(LIVE_ACTION, LIVE_ACTION.default_setup(0), 0).counted == 0


@given(st.integers(min_value=1, max_value=500))
def test_the_scaled_counts_always_fit_the_sign_ups_and_deal(players: int):
    setup = Setup(LIVE_ACTION.default_setup(players).roles, {})
    check = setup_check(LIVE_ACTION, setup, players)
    assert check.problems == () and check.counted + check.filler == players
    deal = LIVE_ACTION.deal_roles(list(range(players)), setup, random.Random(players))
    assert len(deal.roles) == players
    assert sum(role == "mafia" for role in deal.roles.values()) == counts_for(players)["mafia"]


def test_the_default_items_scale_with_the_sign_ups_as_the_roles_do():
    assert item_counts_for(50) == {item.code: item.default_count for item in LIVE_ACTION.items}
    assert item_counts_for(12) == {"shovel": 2, "taser": 1}
    assert LIVE_ACTION.default_setup(12).items == {"shovel": 2, "taser": 1}


def test_the_check_says_nothing_before_anyone_signs_up():
    assert (
        setup_check(LIVE_ACTION, LIVE_ACTION.setup_of({"items": {"shovel": 9}}, 0), 0).problems
        == ()
    )
