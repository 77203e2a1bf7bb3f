"""The role card's desperado (R25) and taser (R44) forms, posted as a phone would."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from game.models import DesperadoRequest, Item, Tazing
from game.rulesets.live_action.items import ItemKind
from game.rulesets.live_action.roles import Role
from tests.conftest import client_for
from tests.factories import make_game, sign_up, start_game
from tests.game.helpers import current_day
from tests.game.kills_setup import town
from tests.game.test_query_counts import count_queries

pytestmark = pytest.mark.django_db


def during_day_1(t, minutes: int = 60):
    return time_machine.travel(current_day(t.game).started_at + dt.timedelta(minutes=minutes))


def test_a_desperado_asks_and_cancels_from_the_role_card():
    t = town()
    phone = client_for(t.desperado.user)
    card = reverse("role_card", args=[t.game.pk])
    with during_day_1(t):
        assert "Go desperado" in phone.get(card).content.decode()
        response = phone.post(reverse("desperado_request", args=[t.game.pk]), follow=True)
        page = response.content.decode()
        assert "Request sent" in page and "Cancel my request" in page
        response = phone.post(reverse("desperado_cancel", args=[t.game.pk]), follow=True)
    assert "Request cancelled" in response.content.decode()
    assert DesperadoRequest.objects.get().cancelled_at is not None


def test_other_players_see_no_desperado_form_and_cannot_post_one():
    t = town()
    phone = client_for(t.investigator.user)
    with during_day_1(t):
        assert (
            "Go desperado" not in phone.get(reverse("role_card", args=[t.game.pk])).content.decode()
        )
        assert phone.post(reverse("desperado_request", args=[t.game.pk])).status_code == 404
    assert not DesperadoRequest.objects.exists()


def test_a_taser_holder_writes_and_later_uses_the_taser_from_the_role_card():
    t = town()
    holder = t.townies[0]
    taser = Item.objects.create(game=t.game, kind=ItemKind.TASER, holder=holder)
    phone = client_for(holder.user)
    write = reverse("taser_write", args=[t.game.pk, taser.pk])
    use = reverse("taser_use", args=[t.game.pk, taser.pk])
    with during_day_1(t, 10):
        assert (
            "Write the name" in phone.get(reverse("role_card", args=[t.game.pk])).content.decode()
        )
        page = phone.post(write, {"target": t.vigilante.pk}, follow=True).content.decode()
        assert "Name written" in page and f"I tazed {t.vigilante.name}" in page
        page = phone.post(use, {"target": t.vigilante.pk}, follow=True).content.decode()
        assert "5 minutes" in page
    with during_day_1(t, 16):
        page = phone.post(use, {"target": t.vigilante.pk}, follow=True).content.decode()
    assert "Tazing reported" in page
    assert Tazing.objects.get().target == t.vigilante


def test_a_forged_target_gets_a_message_and_changes_nothing():
    t = town()
    holder = t.townies[0]
    taser = Item.objects.create(game=t.game, kind=ItemKind.TASER, holder=holder)
    phone = client_for(holder.user)
    with during_day_1(t):
        response = phone.post(
            reverse("taser_write", args=[t.game.pk, taser.pk]), {"target": "x"}, follow=True
        )
        assert response.status_code == 422 and "Target" in response.content.decode()
        response = phone.post(
            reverse("taser_write", args=[t.game.pk, taser.pk]), {"target": 999999}, follow=True
        )
    assert "not in this game" in response.content.decode()
    taser.refresh_from_db()
    assert taser.taser_target is None


@pytest.mark.parametrize("role", [Role.DESPERADO, Role.TOWNIE])
def test_the_role_card_of_a_taser_holder_costs_the_same_at_10_and_100_players(role):
    counts = []
    for size in (10, 100):
        game = make_game(name=f"Game of {size}")
        players = sign_up(game, size)
        start_game(game, {players[0]: role, players[1]: Role.MAFIA})
        Item.objects.create(game=game, kind=ItemKind.TASER, holder=players[0])
        written = Item.objects.create(game=game, kind=ItemKind.TASER, holder=players[0])
        Item.objects.filter(pk=written.pk).update(
            taser_target=players[2], taser_target_written_at=game.started_at
        )
        counts.append(
            count_queries(client_for(players[0].user), reverse("role_card", args=[game.pk]))
        )
    assert counts[0] == counts[1]
