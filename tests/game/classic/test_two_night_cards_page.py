"""M12: a player whose two cards both act takes both night actions in one night, on the night
page as in the API: one form per active card's action, each sent on its own and kept apart."""

import pytest
from django.urls import reverse

from game.models import NightAction, Player
from tests.conftest import client_for
from tests.game.classic.helpers import cop_holding_the_doctors_card, phase_now

pytestmark = pytest.mark.django_db


@pytest.fixture
def cop_and_doctor(monkeypatch):
    return cop_holding_the_doctors_card(monkeypatch)


def night_page(client, game) -> str:
    response = client.get(reverse("night", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def choose(client, game, action: str, target: Player):
    return client.post(
        reverse("night_action", args=[game.pk]),
        {"night": phase_now(game).number, "action": action, "target": str(target.pk)},
    )


def test_the_night_page_offers_one_form_per_active_action_and_keeps_both_choices(
    cop_and_doctor,
):
    game, p = cop_and_doctor
    cop = client_for(p["cop"].user)
    html = night_page(cop, game)
    assert html.count('<form class="stack card"') == 2
    assert 'id="night-form"' in html and 'id="night-form-protect"' in html
    assert 'id="id_target"' in html and 'id="id_protect_target"' in html
    assert "Who would you like to investigate?" in html and "Who would you like to save?" in html
    assert choose(cop, game, "investigate", p["maf1"]).status_code == 302
    assert choose(cop, game, "protect", p["vil1"]).status_code == 302
    kept = NightAction.objects.filter(game=game, actor=p["cop"])
    assert dict(kept.values_list("action", "target__name")) == {
        "investigate": "maf1",
        "protect": "vil1",
    }
    html = night_page(cop, game)
    assert '<strong id="current-choice">maf1</strong>' in html
    assert '<strong id="current-choice-protect">vil1</strong>' in html


def test_an_action_no_card_of_the_player_takes_is_refused_and_changes_nothing(cop_and_doctor):
    game, p = cop_and_doctor
    vil = client_for(p["vil1"].user)
    assert night_page(vil, game).count('<form class="stack card"') == 0
    answer = choose(client_for(p["cop"].user), game, "kill", p["vil1"])
    assert answer.status_code == 422 and "no night action" in answer.content.decode()
    assert not NightAction.objects.filter(game=game, actor=p["cop"]).exists()
