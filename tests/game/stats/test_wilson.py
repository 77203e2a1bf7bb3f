"""The Wilson score interval, checked against values worked by hand."""

import pytest

from game.rulesets.wilson import wilson


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),  # the upper bound is z²/(n+z²)
        (10, 10, 0.7225, 1.0),
        (2, 3, 0.2077, 0.9385),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_the_interval_matches_the_worked_values(wins, games, low, high):
    rate = wilson(wins, games)
    assert (round(rate.low, 4), round(rate.high, 4)) == (low, high)
    assert rate.low <= rate.rate <= rate.high


def test_no_games_say_nothing():
    rate = wilson(0, 0)
    assert (rate.low, rate.high, rate.rate) == (0.0, 1.0, 0.0)
