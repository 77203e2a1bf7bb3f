"""A player learns nothing about items and offers that are not theirs: an item someone else
holds, an offer made between two other players and a taser in another hand answer exactly as
an id that does not exist (R50 keeps item counts for the moderators)."""

import json

import pytest

from game.models import Item
from game.rulesets.live_action.items import ItemKind
from game.services.items_offices.item_transfers import item_transfer_offer
from tests.conftest import client_for
from tests.factories import START, running_game

pytestmark = pytest.mark.django_db

MISSING = 999_999


def answer(client, url: str, body: dict | None = None) -> tuple[int, dict]:
    response = client.post(url, json.dumps(body or {}), content_type="application/json")
    return response.status_code, response.json()


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("items/{id}/destroy", None),
        ("items/{id}/offer", "receiver"),
        ("tasers/{id}/write", "target"),
    ],
)
def test_an_item_someone_else_holds_answers_as_a_missing_one(path, body):
    game, players = running_game(6)
    taser = Item.objects.create(game=game, kind=ItemKind.TASER, holder=players[1])
    asker = client_for(players[2].user)
    payload = {"receiver_id": players[3].pk} if body == "receiver" else None
    if body == "target":
        payload = {"target_id": players[3].pk}
    base = f"/api/v1/games/{game.pk}/"
    held_by_another = answer(asker, base + path.format(id=taser.pk), payload)
    missing = answer(asker, base + path.format(id=MISSING), payload)
    assert held_by_another == missing
    taser.refresh_from_db()
    assert taser.destroyed_at is None and taser.taser_target is None


@pytest.mark.parametrize("verb", ["accept", "decline"])
def test_an_offer_between_two_other_players_answers_as_a_missing_one(verb):
    game, players = running_game(6)
    taser = Item.objects.create(game=game, kind=ItemKind.TASER, holder=players[1])
    made = item_transfer_offer(
        game_id=game.pk, by=players[1].user, item_id=taser.pk, receiver_id=players[2].pk, now=START
    )
    stranger = client_for(players[3].user)
    base = f"/api/v1/games/{game.pk}/item-offers/"
    assert answer(stranger, f"{base}{made.pk}/{verb}") == answer(
        stranger, f"{base}{MISSING}/{verb}"
    )
    made.refresh_from_db()
    assert made.ended_at is None
