"""The words a Chiang Mai table reads (M1, M2, M9): each phone card says what it does, two
alike cards offer no choice of order, and the win is said in plain words."""

import pytest

from game.rulesets.chiang_mai.cards import NUMBER
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.game.chiang_mai.helpers import dealt_table

pytestmark = pytest.mark.django_db


def test_a_phone_card_says_what_it_does_and_where_it_acts():
    game, players = dealt_table(10, phones=10)
    for player in players:
        page = client_for(player.user).get(f"/games/{game.pk}/chiang-mai/").content.decode()
        cards = page[page.index('id="my-cards"') : page.index("</section>", page.index("my-cards"))]
        for card in player.state["dealt"]:
            if card == "red_queen":
                assert "vaccinate one player each night" in cards
                assert "It acts only while it is on top" in cards
            if card == "black_king":
                assert "It acts in any position" in cards
            if card == NUMBER:
                assert "find the Killers by day" in cards


def test_two_alike_cards_offer_no_order_to_choose():
    game, players = dealt_table(10, phones=10)
    alike = next(p for p in players if p.state["dealt"] == [NUMBER, NUMBER])
    mine = client_for(alike.user).get(f"/games/{game.pk}/chiang-mai/").content.decode()
    assert "Number card on top" not in mine and "nothing to choose" in mine
    host = client_for(moderator_of(game)).get(f"/games/{game.pk}/chiang-mai/host/").content
    row = host.decode().split('class="order-row"')[players.index(alike) + 1]
    assert "Number card on top" not in row and "Two alike" in row
