"""The seed's score table: ratios per side and score = (villager_ratio - mean) + (mafia_ratio -
mean)."""

import pytest

from bots.scores import MAFIA, VILLAGE, Seat, render_table, score_table
from bots.tournament import estimate_comparison


def seats(bot, side, games, wins):
    return [Seat(bot, side, won=index < wins) for index in range(games)]


def test_ratios_and_scores_follow_the_seeds_formula():
    rows = score_table(
        seats("Randy", VILLAGE, 10, 4)
        + seats("Randy", MAFIA, 4, 1)
        + seats("Cop", VILLAGE, 8, 6)
        + seats("Cop", MAFIA, 2, 2)
    )
    by_bot = {row.bot: row for row in rows}
    randy, cop = by_bot["Randy"], by_bot["Cop"]
    assert (randy.villager_games, randy.villager_wins, randy.mafia_games, randy.mafia_wins) == (
        10,
        4,
        4,
        1,
    )
    assert randy.villager_ratio == pytest.approx(0.4)
    assert randy.mafia_ratio == pytest.approx(0.25)
    # Means: villager (0.4 + 0.75) / 2 = 0.575, mafia (0.25 + 1.0) / 2 = 0.625.
    assert randy.score == pytest.approx((0.4 - 0.575) + (0.25 - 0.625))
    assert cop.score == pytest.approx((0.75 - 0.575) + (1.0 - 0.625))
    assert [row.bot for row in rows] == ["Cop", "Randy"]


def test_the_scores_of_all_bots_sum_to_zero_when_every_bot_played_both_sides():
    rows = score_table(
        seats("A", VILLAGE, 5, 2)
        + seats("A", MAFIA, 3, 3)
        + seats("B", VILLAGE, 7, 1)
        + seats("B", MAFIA, 2, 0)
        + seats("C", VILLAGE, 4, 4)
        + seats("C", MAFIA, 1, 1)
    )
    assert sum(row.score for row in rows) == pytest.approx(0)


def test_a_side_never_played_has_no_ratio_and_weighs_nothing():
    rows = score_table(
        seats("A", VILLAGE, 2, 1) + seats("B", VILLAGE, 2, 2) + seats("B", MAFIA, 1, 1)
    )
    by_bot = {row.bot: row for row in rows}
    assert by_bot["A"].mafia_ratio is None
    assert by_bot["A"].score == pytest.approx(0.5 - 0.75)
    assert by_bot["B"].score == pytest.approx((1.0 - 0.75) + 0.0)


def test_an_unknown_side_is_refused():
    with pytest.raises(ValueError, match="side"):
        score_table([Seat("A", "werewolf", True)])


def test_the_table_prints_one_line_a_bot_under_a_header():
    text = render_table(score_table(seats("Randy", VILLAGE, 3, 1) + seats("Randy", MAFIA, 1, 0)))
    header, line = text.splitlines()
    assert header.split() == [
        "bot",
        "villager",
        "games",
        "villager",
        "wins",
        "mafia",
        "games",
        "mafia",
        "wins",
        "villager_ratio",
        "mafia_ratio",
        "score",
    ]
    assert line.split() == ["Randy", "3", "1", "1", "0", "0.333", "0.000", "+0.000"]


def test_make_bots_sets_the_mafias_rate_beside_the_estimate_of_the_same_setup():
    shown = estimate_comparison(["mafia"] * 9 + ["village"] * 3, 7, estimate_games=300)
    assert "The mafia won 9 of the 12 finished games: 0.750 [" in shown
    estimate_line = shown.splitlines()[1]
    assert "300 games of the same bots in memory: 0.7" in estimate_line
    assert "within the bots' interval" in estimate_line
    lost = estimate_comparison(["village"] * 40, 7, estimate_games=300)
    assert "OUTSIDE the bots' interval" in lost
