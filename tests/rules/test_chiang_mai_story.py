"""Chiang Mai (seed 004): a game replayed from the host's taps (M1-M12): order, night calls,
dawn, Hunter, day vote, runoff and the win; a refused tap changes nothing."""

import pytest

from game.rulesets.chiang_mai.story import StoryError, replay
from game.rulesets.chiang_mai.story_state import AFTER, DAY, NIGHT, OVER, RUNOFF
from game.rulesets.phases import draw_rng
from tests.rules.chiang_mai_tables import BJ, BK, JO, RA, RJ, RK, RQ, N

HANDS = {
    1: (BK, N),
    2: (N, RK),
    3: (BJ, N),
    4: (RJ, N),
    5: (RQ, N),
    6: (RA, N),
    7: (JO, N),
    8: (N, N),
    9: (N, N),
    10: (N, N),
}


def rng(purpose):
    return draw_rng("story-seed", purpose)


def story_of(*entries):
    return replay(HANDS, [dict(e) for e in entries], rng)


def night(killers=None, doctor=None, police=None, assassin=None):
    return [{"kind": "call", "target": t} for t in (killers, doctor, police, assassin)]


def test_the_first_night_calls_each_role_and_the_dawn_names_the_dead():
    story = story_of({"kind": "next"}, *night(killers=8, doctor=9, police=1, assassin=None))
    assert story.stage == AFTER and story.night == 1
    assert [r.code for _, r in story.public] == ["died"]
    assert story.table[8].cards == (N,) and story.table[9].doses == 1
    assert story.thumbs[0][1].up and story.thumbs[0][1].policemen == (3, 4)


def test_a_player_orders_their_cards_before_night_one_and_a_red_king_on_top_wakes():
    story = story_of({"kind": "order", "player": 2, "top": RK}, {"kind": "next"})
    assert story.stage == NIGHT and story.current_call.actors == (1, 2)
    with pytest.raises(StoryError):
        story_of({"kind": "next"}, {"kind": "order", "player": 2, "top": RK})


def test_a_tap_on_a_name_when_nobody_holds_the_card_is_refused():
    entries = [
        {"kind": "order", "player": 6, "top": N},
        {"kind": "next"},
        *night(killers=8, doctor=9, police=1)[:3],
    ]
    with pytest.raises(StoryError, match="Nobody holds"):
        story_of(*entries, {"kind": "call", "target": 9})


def test_phones_picks_count_when_the_host_taps_next():
    story = story_of(
        {"kind": "order", "player": 2, "top": RK},
        {"kind": "next"},
        {"kind": "pick", "actor": 1, "target": 9},
        {"kind": "pick", "actor": 2, "target": 9},
        {"kind": "call", "target": None},
        *night()[1:],
    )
    assert [r.code for _, r in story.public] == ["died"] and story.table[9].cards == (N,)


def test_a_hunter_killed_at_dawn_shoots_and_the_day_then_votes_with_split_ballots():
    base = [{"kind": "next"}, *night(killers=7)]
    with pytest.raises(StoryError, match="Hunter must shoot"):
        story_of(*base, {"kind": "next"})
    story = story_of(*base, {"kind": "shot", "target": 10}, {"kind": "next"})
    assert story.stage == DAY and story.table[10].cards == (N,)
    story = story_of(
        *base,
        {"kind": "shot", "target": 10},
        {"kind": "next"},
        {"kind": "timer", "code": "discussion"},
        {"kind": "ballot", "voter": 3, "split": {"1": 1, "2": 1}},
        {"kind": "ballot", "voter": 4, "split": {"2": 2}},
        {"kind": "ballot", "voter": 5, "split": {"1": 2}},
        {"kind": "tally"},
    )
    assert story.stage == RUNOFF and story.tied == (1, 2)
    with pytest.raises(StoryError, match="do not vote"):
        replay(
            HANDS,
            [
                *base,
                {"kind": "shot", "target": 10},
                {"kind": "next"},
                {"kind": "ballot", "voter": 3, "split": {"1": 1, "2": 1}},
                {"kind": "ballot", "voter": 4, "split": {"2": 2}},
                {"kind": "ballot", "voter": 5, "split": {"1": 2}},
                {"kind": "tally"},
                {"kind": "ballot", "voter": 1, "split": {"2": 2}},
            ],
            rng,
        )


def test_the_whole_game_ends_with_the_village_win_once_no_killer_holds_a_card():
    entries = [{"kind": "next"}, *night(killers=8, police=1, assassin=1), {"kind": "next"}]
    for voter in (3, 4, 5, 6, 9, 10):
        entries.append({"kind": "ballot", "voter": voter, "split": {"2": 2}})
    entries += [{"kind": "tally"}, {"kind": "next"}, *night(killers=2, assassin=1)]
    story = replay(HANDS, entries, rng)
    assert story.stage == OVER and story.winner == "village"
    assert story.eliminated == [2, 1]
    said = [r.render({2: "Bo"}) for _, r in story.public]
    assert said[-1] == "The game is over: the village wins (M9)."
    lost = [text for text in said if "loses their top card" in text]
    assert lost == ["Bo had the most votes (12) and loses their top card."]


def test_a_farewell_is_given_once_by_the_first_players_out_only():
    base = [{"kind": "next"}, *night(killers=8, assassin=8), {"kind": "next"}]
    story = story_of(*base, {"kind": "timer", "code": "farewell", "player": 8})
    assert story.farewelled == {8}
    with pytest.raises(StoryError, match="once each"):
        story_of(
            *base,
            {"kind": "timer", "code": "farewell", "player": 8},
            {"kind": "timer", "code": "farewell", "player": 8},
        )
    with pytest.raises(StoryError, match="once each"):
        story_of(*base, {"kind": "timer", "code": "farewell", "player": 9})
