import pytest

from game.rulesets.live_action.roles.desperado import (
    ALREADY_ASKED,
    ALREADY_GONE,
    DEAD,
    NO_DAY,
    NOT_A_DESPERADO,
    NOTHING_TO_CANCEL,
    DesperadoAsker,
)
from game.rulesets.live_action.roles.desperado import cancel_refusal as desperado_cancel_refusal
from game.rulesets.live_action.roles.desperado import death_day as desperado_death_day
from game.rulesets.live_action.roles.desperado import request_refusal as desperado_request_refusal
from game.rulesets.live_action.roles.desperado import start_day as desperado_start_day


def asker(**changes) -> DesperadoAsker:
    return DesperadoAsker(**{"is_desperado": True, "alive": True, "day_open": True} | changes)


def test_the_rules_example_request_on_day_2_desperado_on_day_3_dies_at_the_end_of_day_4():
    assert desperado_start_day(2) == 3
    assert desperado_death_day(desperado_start_day(2)) == 4


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        ({}, None),
        ({"is_desperado": False}, NOT_A_DESPERADO),
        ({"alive": False}, DEAD),
        ({"gone_on": 3}, ALREADY_GONE),
        ({"waiting_request_day": 2}, ALREADY_ASKED),
        ({"day_open": False}, NO_DAY),
    ],
)
def test_a_living_desperado_may_ask_once_during_a_day(changes, refusal):
    assert desperado_request_refusal(asker(**changes)) == refusal


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        ({"waiting_request_day": 2}, None),
        ({}, NOTHING_TO_CANCEL),
        ({"gone_on": 3}, NOTHING_TO_CANCEL),
        ({"waiting_request_day": 2, "alive": False}, DEAD),
    ],
)
def test_only_a_waiting_request_can_be_cancelled(changes, refusal):
    assert desperado_cancel_refusal(asker(**changes)) == refusal
