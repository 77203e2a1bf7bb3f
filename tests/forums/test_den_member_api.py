"""mafia_den_member_add (R51): the mafia add a living player to the Mafia Den through the API."""

import json

import pytest
from django.test import Client

from forums.models import DenMembership
from tests.conftest import client_for
from tests.factories import running_game

pytestmark = pytest.mark.django_db


def add(client, game, player):
    return client.post(
        f"/api/v1/forums/games/{game.pk}/den/members",
        json.dumps({"player_id": player.pk}),
        content_type="application/json",
    )


def test_the_mafia_add_a_living_player_and_others_learn_nothing():
    game, (mafia, townie, other) = running_game(3)
    for outsider in (client_for(townie.user), Client()):
        answer = add(outsider, game, other)
        assert answer.status_code in (401, 404) and "den" not in answer.content.decode().lower()
    added = add(client_for(mafia.user), game, townie)
    assert added.status_code == 201 and added.json()["player_id"] == townie.pk
    again = add(client_for(mafia.user), game, townie)
    assert again.status_code == 400 and "already read" in again.json()["detail"]
    assert add(client_for(townie.user), game, other).status_code == 403
    assert DenMembership.objects.filter(game=game).count() == 1
