"""The pig game's deals: the original's input read with clear errors (§1), and random deals
that always play to an end or are reported endless (P5, P6)."""

import pytest

from game.rulesets.pigs import DealError, deal_parse, deal_random, deal_text, original_output
from game.rulesets.pigs.events import END, ENDLESS
from tests.rules.pigs_helpers import play

SAMPLE = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n"


def test_a_deal_is_read_and_written_back_in_the_original_format():
    """§1: tokens in order; only the first m deck cards count."""
    deal = deal_parse(SAMPLE.replace("K D\n", "K D P P\n"))
    assert deal.roles == ("MP", "ZP", "FP")
    assert deal.hands == ("DDFF", "NNND", "JJJJ")
    assert deal.deck == "FFDDJJFFKD"
    assert deal_text(deal) == SAMPLE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3 10\nMP D D F X\n", "'X' (pig 1's card 4) is not a card"),
        ("2 1\nFP D D D D\nMP D D D D\nD\n", "Pig 1, and only pig 1, is the Master"),
        ("2 1\nMP D D D D\nMP D D D D\nD\n", "Pig 1, and only pig 1, is the Master"),
        ("2 3\nMP D D D D\nFP D D D D\nD D\n", "The deck has 2 cards, fewer than m = 3"),
        ("11 1\n", "A game has 2 to 10 pigs, not 11"),
        ("2 0\n", "The deck has 1 to 2000 cards, not 0"),
        ("two 1\n", "the number of pigs n as a whole number"),
        ("  \n", "The deal ends too early: the number of pigs n is missing"),
        ("2 1\nMP D D D D\nXP D D D D\nD\n", "Pig 2's role 'XP' is not one of"),
        ("2 1\nMP D D D D\n", "pig 2 of 2 is missing"),
        ("2 1\nMP D D D D\nFP D D\n", "pig 2's card 3 is missing"),
        ("0" * 5000 + " 1\n", "the number of pigs n far too large"),
        ("2 ²\n", "the number of deck cards m as a whole number"),
    ],
)
def test_a_bad_deal_is_refused_with_a_clear_message(text, message):
    """§1: wrong card letters, no Master first, a short deck, … each said plainly."""
    with pytest.raises(DealError, match=message.replace("(", r"\(").replace(")", r"\)")):
        deal_parse(text)


def test_a_deal_without_a_rebel_is_won_by_the_master_at_once():
    """§1: with no Rebel to kill, the Master's side has already won."""
    result = play("2 1\nMP D D D D\nZP D D D D\nD\n")
    assert original_output(result) == "MP\nD D D D\nD D D D\n"


def test_a_random_deal_is_the_same_for_the_same_seed():
    assert deal_random(7) == deal_random(7)
    assert deal_random(7) != deal_random(8)


def _check_well_formed(seed: int) -> bool:
    """Whether the deal of `seed` is endless (P6), once its output is checked."""
    deal = deal_random(seed)
    result = play(deal_text(deal))
    n = len(deal.roles)
    lines = original_output(result).split("\n")
    assert lines[-1] == "" and len(lines) == n + 2
    assert lines[0] in ("MP", "FP", "ENDLESS")
    for line, hand in zip(lines[1:], result.hands, strict=False):
        assert line == ("DEAD" if hand is None else " ".join(hand))
    dead = {p for p, hand in enumerate(result.hands) if hand is None}
    rebels = {p for p, role in enumerate(deal.roles) if role == "FP"}
    last = result.events[-1]
    if result.winner == "MP":
        assert rebels <= dead and 0 not in dead and last.kind == END
    elif result.winner == "FP":
        assert 0 in dead and not rebels <= dead and last.kind == END
    else:
        assert last.kind == ENDLESS and result.turns == 100_000
    assert [e.kind for e in result.events].count(END) == (result.winner is not None)
    return result.winner is None


def test_random_deals_always_end_or_are_reported_endless():
    """P5, P6: 1,000 seeded random deals of 2 to 10 pigs never raise, and each output is well
    formed: the winner's side is consistent with who died, and the story ends with the result.
    Among them are endless deals (seeds 335, 345 and 521), so both endings are checked."""
    endless = [seed for seed in range(1000) if _check_well_formed(seed)]
    assert endless
