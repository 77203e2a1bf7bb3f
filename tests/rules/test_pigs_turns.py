"""The pig game's turns, draws, cards and ranges (seed 003, §1-§5, P1, P4, P6)."""

from game.rulesets.pigs import original_output
from game.rulesets.pigs.events import (
    CROSSBOW,
    DODGE,
    DUEL,
    END,
    ENDLESS,
    JUMP,
    NULLIFIED,
    NULLIFY,
    SLASH,
    TURN,
)
from tests.rules.pigs_helpers import play, steps

SAMPLE = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n"


def test_the_official_sample_gives_its_output_exactly():
    """§9 (P1): the official sample's output, byte for byte."""
    assert original_output(play(SAMPLE)) == "FP\nDEAD\nDEAD\nJ J J J J J D\n"


def test_after_every_play_the_hand_is_rescanned_from_the_left():
    """§3: the crossbow makes the Slash left of it usable again in the same play phase."""
    result = play("2 6\nMP D D D D\nFP K K Z D\nD D D D D D\n", max_turns=2)
    assert steps(result, SLASH, CROSSBOW, DODGE) == [
        (SLASH, 2, 1),
        (DODGE, 1, 2),
        (CROSSBOW, 2, 0),
        (SLASH, 2, 1),
        (DODGE, 1, 2),
    ]


def test_a_duel_cancelled_by_a_nullify_is_followed_by_a_rescan():
    """P4: the Loyal who nullified the Duel jumped, so the Slash left of the Duel can now hit it."""
    result = play("3 4\nMP D D D D\nFP K F D D\nZP J D D D\nD D D D\n", max_turns=2)
    assert steps(result, DUEL, NULLIFY, JUMP, NULLIFIED, SLASH) == [
        (DUEL, 2, 1),
        (JUMP, 2, 0),
        (NULLIFY, 3, 1),
        (JUMP, 3, 0),
        (NULLIFIED, 1, 2),
        (SLASH, 2, 3),
    ]


def test_an_empty_deck_gives_its_last_card_again():
    """§4: the deck's only card, J, is drawn by every pig at every draw."""
    result = play("2 1\nMP D D D D\nFP D D D D\nJ\n", max_turns=2)
    assert result.hands == ("DDDDJJ", "DDDDJJ")
    assert [e.cards for e in result.events if e.kind == TURN] == ["JJ", "JJ"]


def test_a_slash_reaches_the_next_pig_only_even_with_a_crossbow():
    """§5: the Rebel's next pig is a hidden pig; the Master two seats on is out of reach."""
    result = play("3 4\nMP D D D D\nFP Z K D D\nZP D D D D\nD D D D\n", max_turns=2)
    assert steps(result, SLASH, CROSSBOW) == [(CROSSBOW, 2, 0)]
    assert result.hands[1] == "KDDDD"


def test_only_one_slash_a_turn_without_a_crossbow():
    """§5: the second Slash waits for the next turn."""
    result = play("2 2\nMP D D D D\nFP K K D D\nD D\n", max_turns=2)
    assert steps(result, SLASH) == [(SLASH, 2, 1)]
    assert result.hands[1] == "KDDDD"


def test_a_game_nobody_can_end_is_reported_endless():
    """P6: after 100,000 turns of Dodges, the game is reported endless, with the state then."""
    result = play("2 1\nMP D D D D\nFP D D D D\nD\n")
    assert (result.winner, result.turns) == (None, 100_000)
    assert result.events[-1].kind == ENDLESS
    assert END not in {e.kind for e in result.events}
    assert original_output(result).splitlines()[0] == "ENDLESS"
    assert len(result.hands[0]) == 4 + 100_000
