from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.live_action.setup_counts import REFERENCE_PLAYERS, counts_for


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
