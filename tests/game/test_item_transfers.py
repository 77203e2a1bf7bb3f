"""Items offered, accepted, declined and destroyed (R45), through the services, the role card and
the API; logged for the two players and the moderators only."""

import datetime as dt
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.errors import GameRuleError, NotFoundError
from game.models import Item, ItemOffer, LogEntry, Visibility
from game.rulesets.live_action.items import ItemKind
from game.services.items_offices.item_transfers import (
    item_destroy,
    item_transfer_accept,
    item_transfer_decline,
    item_transfer_offer,
)
from game.services.killing.deaths import player_die
from tests.conftest import client_for
from tests.factories import START, running_game

pytestmark = pytest.mark.django_db

NOW = START + dt.timedelta(hours=2)


def taser_for(game, player) -> Item:
    return Item.objects.create(game=game, kind=ItemKind.TASER, holder=player)


def offer(game, item, giver, receiver):
    return item_transfer_offer(
        game_id=game.pk, by=giver.user, item_id=item.pk, receiver_id=receiver.pk, now=NOW
    )


def accept(game, offer_row, by):
    return item_transfer_accept(game_id=game.pk, by=by.user, offer_id=offer_row.pk, now=NOW)


def test_the_item_moves_only_when_the_receiver_accepts():
    game, players = running_game(6)
    giver, receiver, other = players[1], players[2], players[3]
    taser = taser_for(game, giver)
    made = offer(game, taser, giver, receiver)
    taser.refresh_from_db()
    assert taser.holder == giver
    with pytest.raises(NotFoundError, match="No such offer"):
        accept(game, made, other)
    accept(game, made, receiver)
    taser.refresh_from_db()
    made.refresh_from_db()
    assert taser.holder == receiver and made.outcome == "accepted"
    entry = LogEntry.objects.get(kind="item_transferred")
    assert entry.visibility == Visibility.PLAYERS
    assert set(entry.recipients.all()) == {giver, receiver}


def test_a_transfer_of_an_item_you_do_not_hold_is_refused():
    game, players = running_game(6)
    taser = taser_for(game, players[1])
    with pytest.raises(NotFoundError, match="No such item"):
        offer(game, taser, players[2], players[3])
    assert not ItemOffer.objects.exists()


def test_a_declined_offer_leaves_the_item_with_the_giver():
    game, players = running_game(6)
    taser = taser_for(game, players[1])
    made = offer(game, taser, players[1], players[2])
    item_transfer_decline(game_id=game.pk, by=players[2].user, offer_id=made.pk, now=NOW)
    with pytest.raises(GameRuleError, match="offer has ended"):
        accept(game, made, players[2])
    taser.refresh_from_db()
    assert taser.holder == players[1]


def test_an_offer_ends_when_either_player_dies_or_the_item_is_destroyed():
    game, players = running_game(6)
    first = offer(game, taser_for(game, players[1]), players[1], players[2])
    player_die(game=game, player=players[1], at=NOW, cause="kill")
    first.refresh_from_db()
    assert first.outcome == "lapsed"
    taser = taser_for(game, players[3])
    second = offer(game, taser, players[3], players[4])
    item_destroy(game_id=game.pk, by=players[3].user, item_id=taser.pk, now=NOW)
    with pytest.raises(GameRuleError, match="offer has ended"):
        accept(game, second, players[4])
    taser.refresh_from_db()
    assert taser.destroyed_at == NOW and taser.holder == players[3]
    assert LogEntry.objects.get(kind="item_destroyed").visibility == Visibility.PLAYERS


def test_an_offer_no_longer_stands_when_the_item_moved_by_other_means():
    game, players = running_game(6)
    taser = taser_for(game, players[1])
    made = offer(game, taser, players[1], players[2])
    Item.objects.filter(pk=taser.pk).update(holder=players[4])
    with pytest.raises(GameRuleError, match="offer has ended"):
        accept(game, made, players[2])


def test_the_role_card_offers_and_accepts():
    game, players = running_game(6)
    taser = taser_for(game, players[1])
    giver_page = client_for(players[1].user).get(reverse("role_card", args=[game.pk]))
    assert b'data-confirm="Offer your taser to {receiver}?' in giver_page.content
    response = client_for(players[1].user).post(
        reverse("item_offer", args=[game.pk, taser.pk]), {"receiver": players[2].pk}
    )
    assert response.status_code == 302
    made = ItemOffer.objects.get()
    card = client_for(players[2].user).get(reverse("role_card", args=[game.pk]))
    assert f"{players[1].name} offers you a taser".encode() in card.content
    assert (
        b"offers you"
        not in client_for(players[3].user).get(reverse("role_card", args=[game.pk])).content
    )
    refused = client_for(players[3].user).post(
        reverse("item_offer_accept", args=[game.pk, made.pk])
    )
    assert refused.status_code == 404
    client_for(players[2].user).post(reverse("item_offer_accept", args=[game.pk, made.pk]))
    taser.refresh_from_db()
    assert taser.holder == players[2]


def api_post(client, url, body=None):
    return client.post(url, json.dumps(body or {}), content_type="application/json")


def test_every_item_operation_through_the_api(client):
    game, players = running_game(6)
    taser = taser_for(game, players[1])
    shovel = Item.objects.create(game=game, kind=ItemKind.SHOVEL, holder=players[1])
    base = f"/api/v1/games/{game.pk}"
    giver = client_for(players[1].user)
    made = api_post(giver, f"{base}/items/{taser.pk}/offer", {"receiver_id": players[2].pk})
    assert made.status_code == 201 and made.json()["receiver_id"] == players[2].pk
    offer_id = made.json()["id"]
    wrong = api_post(client_for(players[3].user), f"{base}/item-offers/{offer_id}/accept")
    assert wrong.status_code == 404
    accepted = api_post(client_for(players[2].user), f"{base}/item-offers/{offer_id}/accept")
    assert accepted.status_code == 200 and accepted.json()["holder_id"] == players[2].pk
    again = api_post(giver, f"{base}/items/{shovel.pk}/offer", {"receiver_id": players[3].pk})
    declined = api_post(
        client_for(players[3].user), f"{base}/item-offers/{again.json()['id']}/decline"
    )
    assert declined.status_code == 200 and declined.json()["outcome"] == "declined"
    destroyed = api_post(giver, f"{base}/items/{shovel.pk}/destroy")
    assert destroyed.status_code == 200 and destroyed.json()["destroyed_at"] is not None
    not_mine = api_post(giver, f"{base}/items/{taser.pk}/destroy")
    assert not_mine.status_code == 404
    # Another game's player, a dead player and an anonymous visitor.
    _, strangers = running_game(6)
    player_die(game=game, player=players[5], at=NOW, cause="kill")
    for outsider in (client_for(strangers[0].user), client_for(players[5].user)):
        response = api_post(outsider, f"{base}/items/{taser.pk}/destroy")
        assert response.status_code == 404
    assert api_post(client, f"{base}/items/{taser.pk}/destroy").status_code == 401
    taser.refresh_from_db()
    assert taser.destroyed_at is None


def test_transfers_stay_out_of_other_players_logs():
    game, players = running_game(6)
    offer(game, taser_for(game, players[1]), players[1], players[2])
    log = client_for(players[3].user).get(reverse("game_log", args=[game.pk]))
    assert b"offered" not in log.content
    mine = client_for(players[2].user).get(reverse("game_log", args=[game.pk]))
    assert b"offered" in mine.content


def test_the_role_card_costs_the_same_at_10_and_100_players():
    counts = []
    for size in (10, 100):
        game, players = running_game(size)
        taser = taser_for(game, players[1])
        offer(game, taser, players[1], players[2])
        offer(game, taser_for(game, players[3]), players[3], players[1])
        with CaptureQueriesContext(connection) as queries:
            response = client_for(players[1].user).get(reverse("role_card", args=[game.pk]))
        assert response.status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
