"""The vote and day-end operations of the JSON API, over the same services as the pages."""

import datetime as dt
import json

import pytest
from django.test import Client
from django.utils import timezone

from game.models import DueEvent, Vote
from game.services.lobby.accounts import api_token_create
from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.game.helpers import end_day

pytestmark = pytest.mark.django_db


def live_game(size: int):
    game, players = running_game(size)
    game.days.update(ends_at=timezone.now() + dt.timedelta(hours=6))
    game.due_events.update(due_at=timezone.now() + dt.timedelta(hours=6))
    return game, players


def post(client, url: str, data: dict):
    return client.post(url, json.dumps(data), content_type="application/json")


def test_a_player_casts_a_vote_through_the_api():
    game, (m, a, b, *_) = live_game(5)
    response = post(client_for(a.user), f"/api/v1/games/{game.pk}/votes", {"target_id": b.pk})
    assert response.status_code == 201 and response.json()["target_id"] == b.pk
    no_execution = post(
        client_for(b.user), f"/api/v1/games/{game.pk}/votes", {"no_execution": True}
    )
    assert no_execution.status_code == 201 and no_execution.json()["target_id"] is None


@pytest.mark.parametrize(
    "payload, status, message",
    [
        ({"target_id": "OTHER", "voter_id": "OTHER"}, 400, "own vote"),
        ({}, 400, "Name a player"),
        ({"target_id": 987654}, 400, "Choose a player of this game"),
        ({"target_id": "OTHER", "day": 3}, 409, "Day 3 has ended"),
    ],
)
def test_bad_api_votes_get_the_services_message_and_change_nothing(payload, status, message):
    game, (m, a, b, *_) = live_game(5)
    payload = {k: b.pk if v == "OTHER" else v for k, v in payload.items()}
    response = post(client_for(a.user), f"/api/v1/games/{game.pk}/votes", payload)
    assert response.status_code == status and message in response.json()["detail"]
    assert not Vote.objects.exists()


def test_the_tally_of_an_ended_day_is_public_to_players():
    game, (m, a, b, c, d) = running_game(5)
    client = client_for(a.user)
    start = game.days.get().started_at
    from game.services.days.votes import vote_cast

    for voter in (a, b, c):
        vote_cast(game_id=game.pk, voter_id=voter.pk, target_id=d.pk, now=start)
    end_day(game)
    tally = client.get(f"/api/v1/games/{game.pk}/votes/1").json()
    assert tally["executed"] == d.name and tally["totals"][0]["votes"] == 4
    assert client.get(f"/api/v1/games/{game.pk}/votes/2").status_code == 404


def test_moderators_extend_undo_and_send_notices_through_the_api():
    game, (m, a, b, *_) = live_game(5)
    moderator = client_for(moderator_of(game))
    before = game.days.get().ends_at
    extended = post(moderator, f"/api/v1/games/{game.pk}/day/extend", {"minutes": 30})
    assert extended.status_code == 200
    assert game.days.get().ends_at == before + dt.timedelta(minutes=30)
    sent = post(moderator, f"/api/v1/games/{game.pk}/notices", {"player_id": a.pk})
    assert sent.status_code == 201
    ack = post(client_for(a.user), f"/api/v1/games/{game.pk}/notices/ack", {})
    assert ack.status_code == 200
    assert DueEvent.objects.get(kind="eviction").cancelled_at is not None
    assert post(moderator, f"/api/v1/games/{game.pk}/day/end", {"day": 1}).status_code == 200
    undone = post(moderator, f"/api/v1/games/{game.pk}/day/undo", {"reason": "oops"})
    assert undone.status_code == 200
    game.refresh_from_db()
    assert game.current_day == 1


def test_players_cannot_use_moderator_operations():
    game, (m, a, *_) = live_game(4)
    response = post(client_for(a.user), f"/api/v1/games/{game.pk}/day/undo", {"reason": "x"})
    assert response.status_code == 404


@pytest.mark.parametrize("size", [5, 60])
def test_a_vote_by_token_costs_six_queries_whatever_the_games_size(size, django_assert_num_queries):
    """Token, the voter with the game, the day's lock, the game's status, voter and target,
    the insert (and the savepoint around the service inside the test's transaction)."""
    game, (m, a, b, *_) = live_game(size)
    _, raw = api_token_create(user=a.user, name="phone")
    client = Client(HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert post(client, f"/api/v1/games/{game.pk}/votes", {"target_id": b.pk}).status_code == 201
    with django_assert_num_queries(5 + 2):
        response = post(client, f"/api/v1/games/{game.pk}/votes", {"target_id": m.pk})
    assert response.status_code == 201
    assert Vote.objects.filter(voter=a).latest("id").target == m
