"""My role in a Chiang Mai game shows the role of the card on top of the hand (M2, M5): a Red
Queen once the number card over it is gone, a black Jack under another card as active too, and
no role once both cards are lost."""

import pytest
from django.urls import reverse

from game.models import Player
from tests.conftest import client_for
from tests.game.chiang_mai.helpers import dealt_table

pytestmark = pytest.mark.django_db


def holding(player: Player, cards: list[str]) -> Player:
    """The player's hand as the story leaves it (top card first), the deal unchanged."""
    state = player.game.rules.state_of({**player.state, "cards": cards})
    Player.objects.filter(pk=player.pk).update(state=state)
    return player


def role_card(player: Player) -> str:
    response = client_for(player.user).get(reverse("role_card", args=[player.game_id]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_card_on_top_gives_the_role_shown():
    game, players = dealt_table(size=7, phones=2)
    phone = holding(players[0], ["number", "red_queen"])
    page = role_card(phone)
    assert '<h2 id="role-name">Villager</h2>' in page
    assert "Doctor" not in page
    holding(phone, ["red_queen"])
    page = role_card(phone)
    assert '<h2 id="role-name">Doctor</h2>' in page
    assert "Villager" not in page


def test_a_black_jack_under_another_card_is_shown_active_too():
    game, players = dealt_table(size=7, phones=2)
    page = role_card(holding(players[0], ["number", "black_jack"]))
    assert '<h2 id="role-name">Villager</h2>' in page
    assert "Also active: Policeman" in page


def test_a_player_who_lost_both_cards_holds_no_role():
    game, players = dealt_table(size=7, phones=2)
    page = role_card(holding(players[0], []))
    assert 'id="no-card"' in page
    assert 'id="role-name"' not in page
