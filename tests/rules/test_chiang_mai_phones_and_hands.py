"""Chiang Mai (seed 004): the phones' entries are the players' own and the show of hands is
counted per candidate (M7, M8, M11, M12), replayed from the entries."""

import pytest

from game.rulesets.chiang_mai.story import StoryError, replay
from game.rulesets.chiang_mai.story_state import AFTER, RUNOFF
from game.rulesets.phases import draw_rng
from tests.rules.chiang_mai_tables import RK, N
from tests.rules.test_chiang_mai_story import HANDS, night

DAY_ONE = [{"kind": "next"}, *night(killers=9), {"kind": "next"}]
NAMES = {n: f"P{n}" for n in HANDS}


def story_of(*entries):
    return replay(HANDS, [dict(e) for e in entries], lambda p: draw_rng("seed", p), names=NAMES)


def test_phone_ballots_and_the_hands_counted_for_the_others_add_up():
    phones = [{"kind": "ballot", "voter": v, "split": {"2": 2}, "own": True} for v in (3, 4, 5)]
    # P9 lost a card at night: the others by hand hold 2 * 6 + 1 = 13 cards.
    story = story_of(*DAY_ONE, *phones, {"kind": "hands", "counts": {"1": 5}}, {"kind": "tally"})
    assert story.stage == AFTER and story.table[2].cards == (RK,)
    said = [r.render(NAMES) for _, r in story.public]
    assert "P2 had the most votes (6) and loses their top card." in said


def test_a_count_the_cards_cannot_give_is_refused_naming_the_player():
    with pytest.raises(StoryError, match="P1: 20 hands, but the players voting by hand hold 19"):
        story_of(*DAY_ONE, {"kind": "hands", "counts": {"1": 20}})
    with pytest.raises(StoryError, match="20 hands in all"):
        story_of(*DAY_ONE, {"kind": "hands", "counts": {"1": 10, "2": 10}})


def test_a_runoff_counted_by_hand_places_every_hand_on_the_tied():
    split = [{"kind": "hands", "counts": {"1": 8, "2": 8}}, {"kind": "tally"}]
    story = story_of(*DAY_ONE, *split)
    assert story.stage == RUNOFF and story.tied == (1, 2)
    with pytest.raises(StoryError, match="every vote is placed: 15 hands, not 14"):
        story_of(*DAY_ONE, *split, {"kind": "hands", "counts": {"1": 14}})
    story = story_of(*DAY_ONE, *split, {"kind": "hands", "counts": {"1": 15}}, {"kind": "tally"})
    assert story.stage == AFTER and story.table[1].cards == (N,)


def test_the_host_replaces_a_phones_ballot_only_by_saying_so():
    phone = {"kind": "ballot", "voter": 3, "split": {"1": 2}, "own": True}
    host = {"kind": "ballot", "voter": 3, "split": {"2": 2}}
    with pytest.raises(StoryError, match="P3 entered this on their phone"):
        story_of(*DAY_ONE, phone, host)
    story = story_of(*DAY_ONE, phone, {**host, "override": True})
    assert story.ballots[3] == {2: 2}
    assert [r.code for _, r in story.log][-1] == "vote_changed"
