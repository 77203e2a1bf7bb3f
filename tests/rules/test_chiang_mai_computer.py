"""Chiang Mai's computer players (M1-M11, C8, as HP's H10): whole games by the rules alone, the
same seed the same game, and every computer choice one the rules allow."""

import pytest

from game.rulesets.chiang_mai.cards import JACKS, KILLERS, VILLAGE
from game.rulesets.chiang_mai.computer import computer_entries, pointing_options
from game.rulesets.chiang_mai.play import killers_win_ratio, play_game
from game.rulesets.chiang_mai.story import replay
from game.rulesets.chiang_mai.story_state import NIGHT, RUNOFF, Story
from game.rulesets.chiang_mai.table import Hand
from game.rulesets.phases import draw_rng
from tests.rules.chiang_mai_tables import BJ, BK, JO, RA, RJ, RK, RQ, N

HANDS = {1: (BK, N), 2: (N, RK), 3: (BJ, N), 4: (RJ, N), 5: (RQ, N), 6: (RA, N), 7: (JO, N)}


@pytest.mark.parametrize("players", [7, 10, 12])
def test_the_same_seed_plays_the_same_game_and_a_game_always_ends(players):
    first, again = (play_game(players=players, seed="same") for _ in range(2))
    assert first.entries == again.entries and first.hands == again.hands
    assert first.winner in (VILLAGE, KILLERS)
    assert first.story.day <= 2 * players
    assert play_game(players=players, seed="other").entries != first.entries


def test_a_computer_game_is_a_story_the_host_could_have_entered():
    """Every entry the computers and the host made replays to the same end (M1-M11)."""
    game = play_game(players=10, seed="replayed")
    story = replay(game.hands, game.entries, lambda purpose: draw_rng("replayed", purpose))
    assert (story.winner, story.night, story.day) == (game.winner, game.nights, game.story.day)


def test_the_win_is_the_rules_win():
    """M9: the village wins with no Killer in the game; the Killers with no Jack in any hand."""
    for n in range(20):
        game = play_game(players=7, seed=f"win {n}")
        table = game.story.table
        killers_left = any(hand.killer and hand.in_game for hand in table.values())
        jacks_left = any(JACKS.intersection(hand.cards) for hand in table.values())
        assert game.winner == (VILLAGE if not killers_left else KILLERS)
        assert game.winner == VILLAGE or not jacks_left


def test_a_fixed_deal_is_played_from_its_hands():
    game = play_game(players=7, seed="fixed", hands=HANDS)
    assert game.hands == HANDS
    assert {e["player"] for e in game.entries if e["kind"] == "order"} == set(HANDS)


def night_story(call: int) -> Story:
    story = replay(
        HANDS, [{"kind": "next"}] + [{"kind": "call"}] * call, lambda p: draw_rng("x", p)
    )
    assert story.stage == NIGHT
    return story


def test_computer_killers_and_policemen_never_point_at_their_own_and_the_assassin_not_at_self():
    """M3: the active Killers wake together and know each other, as the Policemen do; a Killer
    whose red King lies under another card is not awake, so not known (player 2)."""
    killers, doctor, police, assassin = (night_story(call) for call in range(4))
    assert set(pointing_options(killers, 1)) == {2, 3, 4, 5, 6, 7}
    assert set(pointing_options(doctor, 5)) == set(HANDS)
    assert set(pointing_options(police, 3)) == {1, 2, 5, 6, 7}
    assert set(pointing_options(assassin, 6)) == {1, 2, 3, 4, 5, 7}


def test_only_the_computer_seats_called_point_and_once_each():
    story = night_story(0)
    assert [e["actor"] for e in computer_entries(story, {1, 5}, "s")] == [1]
    story.phone_picks[1] = 3
    assert computer_entries(story, {1, 5}, "s") == []


def test_computer_ballots_place_one_vote_per_card_and_in_a_runoff_only_on_the_tied():
    table = {p: Hand.dealt(cards) for p, cards in HANDS.items()}
    story = Story(table, stage=RUNOFF, day=1, tied=(2, 5))
    ballots = computer_entries(story, set(HANDS), "runoff")
    assert {e["voter"] for e in ballots} == {1, 3, 4, 6, 7}
    for entry in ballots:
        assert sum(entry["split"].values()) == 2 and set(entry["split"]) <= {2, 5}


def test_the_killers_win_ratio_is_a_share_of_games():
    ratio = killers_win_ratio(7, 20, seed="ratio")
    assert 0 < ratio < 1 and ratio * 20 == int(ratio * 20)
