"""Chiang Mai (seed 004): the deck, the deal and the redeal (M1), cards (M2) and sides (M3)."""

from collections import Counter

import pytest

from game.rulesets.chiang_mai.cards import active_roles, card_is_active
from game.rulesets.chiang_mai.deck import (
    DeckError,
    deal,
    deck_cards,
    deck_refusal,
    default_deck,
    holds_king_and_jack,
    physical_deal,
)
from game.rulesets.chiang_mai.table import KILLERS, VILLAGE, Hand, active_killers
from game.rulesets.phases import draw_rng
from tests.rules.chiang_mai_tables import BJ, BK, JO, RA, RJ, RK, RQ, N, table_of


def test_default_deck_has_one_of_each_face_card_below_ten_players():
    assert default_deck(9) == {BK: 1, RK: 1, BJ: 1, RJ: 1, RQ: 1, RA: 1, JO: 1}


def test_default_deck_adds_a_red_king_and_a_red_jack_from_ten_players():
    deck = deck_cards(10, default_deck(10))
    assert len(deck) == 20
    assert Counter(deck) == Counter({N: 11, RK: 2, RJ: 2, BK: 1, BJ: 1, RQ: 1, RA: 1, JO: 1})


@pytest.mark.parametrize(
    ("players", "faces", "words"),
    [
        (6, {BK: 1, BJ: 1}, "at least 7 players"),
        (7, {BJ: 1, RJ: 1}, "at least one King"),
        (7, {BK: 1, RK: 1}, "at least one Jack"),
        (7, {BK: 3, BJ: 1}, "between 0 and 2"),
        (20, {BK: 1, BJ: 1}, "only 36 number cards"),
    ],
)
def test_a_deck_the_rules_refuse_says_why(players, faces, words):
    assert words in deck_refusal(players, faces)
    with pytest.raises(DeckError, match=words):
        deck_cards(players, faces)


def test_seven_players_with_the_default_deck_can_be_dealt():
    assert deck_refusal(7, default_deck(7)) == ""


def test_no_hand_of_a_deal_holds_a_king_and_a_jack_and_the_deal_is_repeatable():
    seats = list(range(1, 11))
    first = deal(seats, default_deck(10), draw_rng("seed-004", "deal"))
    again = deal(seats, default_deck(10), draw_rng("seed-004", "deal"))
    assert first == again
    assert not any(holds_king_and_jack(hand) for hand in first.hands.values())
    assert sorted(c for hand in first.hands.values() for c in hand) == sorted(
        deck_cards(10, default_deck(10))
    )


def test_a_deal_giving_someone_a_king_and_a_jack_is_redealt():
    """With four Kings and four Jacks among seven players most first deals give someone a King
    and a Jack: those deals are redone until none does (M1)."""
    seats = list(range(1, 8))
    faces = {BK: 2, RK: 2, BJ: 2, RJ: 2}
    for n in range(200):
        result = deal(seats, faces, draw_rng(f"s{n}", "deal"))
        assert not any(holds_king_and_jack(hand) for hand in result.hands.values())
        if result.deals > 1:
            break
    else:
        pytest.fail("no deal needed a redeal")


def test_holds_king_and_jack_is_either_colour_in_either_order():
    assert holds_king_and_jack((RJ, BK)) and holds_king_and_jack((RK, BJ))
    assert not holds_king_and_jack((BK, RK)) and not holds_king_and_jack((BJ, N))


def test_players_choose_their_top_card_and_keep_the_dealt_order_otherwise():
    hand = Hand.dealt((N, RK))
    assert hand.reordered(RK).cards == (RK, N)
    assert hand.cards == (N, RK)
    with pytest.raises(ValueError):
        hand.reordered(BJ)


@pytest.mark.parametrize(
    ("card", "position", "active"),
    [
        (BK, 1, True),
        (BJ, 1, True),
        (RK, 1, False),
        (RJ, 1, False),
        (RQ, 1, False),
        (RA, 1, False),
        (RK, 0, True),
        (RQ, 0, True),
    ],
)
def test_black_kings_and_jacks_act_anywhere_red_cards_only_on_top(card, position, active):
    assert card_is_active(card, position) is active


def test_a_red_king_under_a_number_card_is_inactive_until_the_top_card_is_lost():
    table = table_of((N, RK), (BJ, N))
    assert active_killers(table) == []
    table[1] = table[1].without_top()
    assert active_killers(table) == [1]


def test_a_black_king_is_active_from_below():
    assert active_killers(table_of((RQ, BK), (N, N))) == [1]
    assert active_roles((RQ, BK)) == {"doctor", "killer"}


def test_a_player_dealt_a_king_stays_a_killer_after_losing_it():
    hand = Hand.dealt((BK, RQ)).without_top()
    assert hand.cards == (RQ,) and hand.killer and hand.side == KILLERS
    assert Hand.dealt((RQ, N)).side == VILLAGE


PHYSICAL = {
    1: ("black_king", "number"),
    2: ("red_king", "number"),
    3: ("black_jack", "number"),
    4: ("red_jack", "number"),
    5: ("red_queen", "number"),
    6: ("red_ace", "number"),
    7: ("joker", "number"),
}
NAMES = dict(enumerate(["Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus"], start=1))


def test_a_deal_made_with_a_real_deck_is_taken_as_entered():
    """M1: the host's deck of seven, dealt at the table; the top card is the one entered first."""
    dealt = physical_deal(PHYSICAL, default_deck(7), NAMES)
    assert dealt.hands == PHYSICAL and dealt.hands[1][0] == "black_king"


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({2: ("black_king", "number")}, "The hands hold 2 Black Kings; the deck has 1 Black King"),
        ({3: ("black_jack", "joker")}, "The hands hold 2 Jokers; the deck has 1 Joker (M1)."),
        ({1: ("black_king", "red_jack"), 4: ("number", "number")}, "Ann holds a King and a Jack"),
        ({5: ("red_queen",)}, "Eve: enter the two cards they were dealt."),
        ({6: ("red_ace", "ten")}, "Fay: enter the two cards they were dealt."),
    ],
)
def test_an_impossible_deal_is_refused_with_the_card_named(change, refusal):
    with pytest.raises(DeckError) as refused:
        physical_deal({**PHYSICAL, **change}, default_deck(7), NAMES)
    assert refusal in str(refused.value)
