"""The mayor's Count the Mafia (R48, R16)."""

import pytest

from game.rulesets.live_action.offices.mayor import (
    COUNT_THIS_TERM,
    COUNTS_USED,
    NOT_MAYOR,
    count_refusal,
    mafia_count,
)


@pytest.mark.parametrize(
    ("mayor", "in_game", "this_term", "refusal"),
    [
        (True, 0, 0, None),
        (True, 1, 0, None),
        (True, 1, 1, COUNT_THIS_TERM),
        (True, 2, 0, COUNTS_USED),
        (False, 0, 0, NOT_MAYOR),
    ],
)
def test_twice_per_game_once_per_term(mayor, in_game, this_term, refusal):
    assert (
        count_refusal(is_living_mayor=mayor, counts_in_game=in_game, counts_this_term=this_term)
        == refusal
    )


def test_the_rules_count_five_mafia_and_a_conscript_but_not_two_serial_killers():
    # The rules' set-up: 5 mafia, 2 serial killers; one townie conscripted (R16, R39).
    living = [True] * 5 + [True] + [False] * 2 + [False] * 20
    assert mafia_count(living) == 6
