"""Printed item cards with claim links (R45, R13): the moderators' print page, a claim by the
player offered the item, and 404 for a wrong secret, an item not offered or a used link."""

import datetime as dt
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.models import Item, ItemOffer, LogEntry, Visibility
from game.rulesets.live_action.items import ItemKind
from game.services.items_offices.item_transfers import item_transfer_offer
from tests.conftest import client_for
from tests.factories import START, moderator_of, running_game

pytestmark = pytest.mark.django_db

NOW = START + dt.timedelta(hours=2)


def offered_taser(game, giver, receiver) -> Item:
    taser = Item.objects.create(game=game, kind=ItemKind.TASER, holder=giver)
    item_transfer_offer(
        game_id=game.pk, by=giver.user, item_id=taser.pk, receiver_id=receiver.pk, now=NOW
    )
    return taser


def claim_url(item, secret=None) -> str:
    return reverse("item_claim", args=[item.game_id, item.pk, secret or item.card_secret])


def test_every_item_has_its_own_secret():
    game, players = running_game(4)
    first = Item.objects.create(game=game, kind=ItemKind.TASER, holder=players[0])
    second = Item.objects.create(game=game, kind=ItemKind.TASER, holder=players[0])
    assert len(first.card_secret) >= 30 and first.card_secret != second.card_secret


def test_the_receiver_claims_by_the_card_and_the_link_then_claims_nothing():
    game, players = running_game(6)
    giver, receiver = players[1], players[2]
    taser = offered_taser(game, giver, receiver)
    url = claim_url(taser)
    page = client_for(receiver.user).get(url)
    assert page.status_code == 200
    assert f'data-confirm="Take the taser of {giver.name}?"'.encode() in page.content
    response = client_for(receiver.user).post(url)
    assert response.status_code == 302
    taser.refresh_from_db()
    assert taser.holder == receiver
    assert ItemOffer.objects.get().outcome == "accepted"
    entry = LogEntry.objects.get(kind="item_claimed")
    assert entry.visibility == Visibility.PLAYERS
    assert set(entry.recipients.all()) == {giver, receiver}
    # The link was used: it claims nothing again.
    assert client_for(receiver.user).post(url).status_code == 404
    assert client_for(giver.user).get(url).status_code == 404


def test_a_wrong_secret_or_an_item_not_offered_answers_404_and_changes_nothing():
    game, players = running_game(6)
    taser = offered_taser(game, players[1], players[2])
    assert client_for(players[2].user).post(claim_url(taser, "wrong-secret")).status_code == 404
    assert client_for(players[3].user).get(claim_url(taser)).status_code == 404
    assert client_for(players[3].user).post(claim_url(taser)).status_code == 404
    _, strangers = running_game(4)
    assert client_for(strangers[0].user).post(claim_url(taser)).status_code == 404
    taser.refresh_from_db()
    assert taser.holder == players[1]


def test_claim_through_the_api(client):
    game, players = running_game(6)
    taser = offered_taser(game, players[1], players[2])
    url = f"/api/v1/games/{game.pk}/items/{taser.pk}/claim"

    def post(c, secret):
        return c.post(url, json.dumps({"secret": secret}), content_type="application/json")

    assert post(client_for(players[2].user), "wrong").status_code == 404
    assert post(client_for(players[3].user), taser.card_secret).status_code == 404
    assert post(client, taser.card_secret).status_code == 401
    claimed = post(client_for(players[2].user), taser.card_secret)
    assert claimed.status_code == 200 and claimed.json()["holder_id"] == players[2].pk
    assert post(client_for(players[2].user), taser.card_secret).status_code == 404


def test_the_print_page_is_for_moderators_with_one_card_per_item():
    game, players = running_game(6)
    taser = Item.objects.create(game=game, kind=ItemKind.TASER, holder=players[0])
    Item.objects.create(game=game, kind=ItemKind.SHOVEL, holder=players[1])
    url = reverse("mod_item_cards", args=[game.pk])
    page = client_for(moderator_of(game)).get(url)
    assert page.status_code == 200
    assert page.content.count(b'class="item-card"') == 2
    assert page.content.count(b"<svg width") == 2
    assert f'id="card-{taser.pk}"'.encode() in page.content
    for user in (players[0].user, running_game(4)[1][0].user):
        assert client_for(user).get(url).status_code == 404


def test_the_print_page_costs_the_same_at_10_and_100_items():
    counts = []
    for size in (10, 100):
        game, players = running_game(10)
        Item.objects.bulk_create(
            Item(game=game, kind=ItemKind.SHOVEL, holder=players[i % 10]) for i in range(size)
        )
        client = client_for(moderator_of(game))
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("mod_item_cards", args=[game.pk])).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
