"""Watching a game (docs/spectators.md): the moderators open it through the settings, a
signed-in outsider watches from its watch page or the API and stops; a game closed to
spectators answers as a missing one; whoever watched may not join; bad input changes nothing;
a spectator's pages cost the same whatever the game's size."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from forums.models import BoardKind
from forums.services import post_create, thread_create
from game.models import Game, Spectator
from tests.conftest import client_for
from tests.factories import UserFactory, make_game, moderator_of, running_game, sign_up
from tests.forums.helpers import LATER, finish, kill, watched_by

pytestmark = pytest.mark.django_db


def send(client, method: str, url: str, data: dict | None = None):
    body = json.dumps(data) if data is not None else ""
    return getattr(client, method)(url, body, content_type="application/json")


def open_to_spectators(game: Game, **changes) -> None:
    changes = {"spectators_allowed": True, **changes}
    moderator = client_for(moderator_of(game))
    response = send(moderator, "patch", f"/api/v1/games/{game.pk}", changes)
    assert response.status_code == 200
    assert response.json()["spectators_allowed"] == changes["spectators_allowed"]


def test_an_outsider_finds_the_game_watches_it_and_follows_its_public_pages():
    game, _ = running_game(5)
    open_to_spectators(game)
    outsider = client_for(UserFactory())
    home = outsider.get("/").content.decode()
    assert reverse("game_watch", args=[game.pk]) in home
    page = outsider.get(reverse("game_watch", args=[game.pk]))
    assert page.status_code == 200 and "Watch this game" in page.content.decode()
    assert outsider.get(reverse("game_detail", args=[game.pk])).status_code == 404
    started = outsider.post(reverse("game_watch_start", args=[game.pk]))
    assert started.status_code == 302
    detail = outsider.get(reverse("game_detail", args=[game.pk]))
    assert detail.status_code == 200
    assert "You are watching this game" in detail.content.decode()
    assert outsider.get(reverse("role_card", args=[game.pk])).status_code == 404


def test_the_api_starts_and_stops_watching_and_stopping_closes_the_game_again():
    game, _ = running_game(5)
    open_to_spectators(game)
    user = UserFactory()
    client = client_for(user)
    assert send(client, "post", f"/api/v1/games/{game.pk}/spectators").status_code == 201
    assert client.get(f"/api/v1/games/{game.pk}").status_code == 200
    again = send(client, "post", f"/api/v1/games/{game.pk}/spectators")
    assert again.status_code == 400 and "already" in again.json()["detail"]
    assert send(client, "delete", f"/api/v1/games/{game.pk}/spectators/me").status_code == 200
    assert client.get(f"/api/v1/games/{game.pk}").status_code == 404
    assert send(client, "delete", f"/api/v1/games/{game.pk}/spectators/me").status_code == 404
    assert Spectator.objects.get(game=game, user=user).stopped_at is not None


def test_the_schema_documents_spectating_and_the_settings():
    schema = client_for(UserFactory()).get("/api/v1/openapi.json").json()
    operations = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    assert {"spectate_start", "spectate_stop"} <= operations
    settings = schema["components"]["schemas"]["GameSettingsIn"]["properties"]
    assert {"spectators_allowed", "spectators_board"} <= set(settings)


def test_a_game_closed_to_spectators_answers_as_a_missing_game():
    game, players = running_game(5)
    client = client_for(UserFactory())
    closed = send(client, "post", f"/api/v1/games/{game.pk}/spectators")
    missing = send(client, "post", "/api/v1/games/999999/spectators")
    assert closed.status_code == missing.status_code == 404
    assert closed.json() == missing.json()
    assert client.get(reverse("game_watch", args=[game.pk])).status_code == 404
    assert client.post(reverse("game_watch_start", args=[game.pk])).status_code == 404
    open_to_spectators(game)
    for insider in (players[0].user, moderator_of(game)):
        response = send(client_for(insider), "post", f"/api/v1/games/{game.pk}/spectators")
        assert response.status_code == 404
    assert not Spectator.objects.exists()


def test_nobody_watches_a_game_in_sign_ups_or_over():
    signups = make_game()
    sign_up(signups, 3)
    open_to_spectators(signups)
    client = client_for(UserFactory())
    assert send(client, "post", f"/api/v1/games/{signups.pk}/spectators").status_code == 404
    over, _ = running_game(4)
    open_to_spectators(over)
    finish(over)
    refused = send(client, "post", f"/api/v1/games/{over.pk}/spectators")
    assert refused.status_code == 400 and "running" in refused.json()["detail"]
    assert not Spectator.objects.exists()


def test_closing_the_game_to_spectators_takes_their_view_away_at_once():
    game, _ = running_game(5)
    user = UserFactory()
    watched_by(game, user)
    client = client_for(user)
    assert client.get(reverse("game_detail", args=[game.pk])).status_code == 200
    open_to_spectators(game, spectators_allowed=False)
    assert client.get(reverse("game_detail", args=[game.pk])).status_code == 404
    board = reverse("forums:board_detail", args=[game.pk, BoardKind.TOWN_SQUARE])
    assert client.get(board).status_code == 404


def test_whoever_watched_may_not_become_a_substitute_even_after_stopping():
    game, players = running_game(5)
    user = UserFactory()
    watched_by(game, user)
    client = client_for(user)
    send(client, "delete", f"/api/v1/games/{game.pk}/spectators/me")
    moderator = client_for(moderator_of(game))
    response = send(
        moderator,
        "post",
        f"/api/v1/forums/games/{game.pk}/replacements",
        {"player_id": players[2].pk, "substitute": user.username},
    )
    assert response.status_code == 400
    assert "watched this game" in response.json()["detail"]
    players[2].refresh_from_db()
    assert players[2].user_id != user.pk


def test_bad_settings_change_nothing():
    game, _ = running_game(4)
    moderator = client_for(moderator_of(game))
    for bad in ({"spectators_allowed": "maybe"}, {"spectators_board": [1]}):
        response = send(moderator, "patch", f"/api/v1/games/{game.pk}", bad)
        assert response.status_code == 422
    game.refresh_from_db()
    assert not game.spectators_allowed and not game.spectators_board
    player = client_for(game.players.first().user)
    forged = send(player, "patch", f"/api/v1/games/{game.pk}", {"spectators_allowed": True})
    assert forged.status_code in (403, 404)
    game.refresh_from_db()
    assert not game.spectators_allowed


def test_the_dashboard_offers_the_spectators_settings():
    game, _ = running_game(4)
    page = client_for(moderator_of(game)).get(reverse("mod_dashboard", args=[game.pk]))
    text = page.content.decode()
    assert 'name="spectators_allowed"' in text and 'name="spectators_board"' in text


def test_without_the_board_the_dead_and_the_spectators_have_none():
    game, players = running_game(5)
    user = UserFactory()
    watched_by(game, user, board=False)
    kill(players[3])
    board = reverse("forums:board_detail", args=[game.pk, BoardKind.SPECTATORS])
    assert client_for(user).get(board).status_code == 404
    assert client_for(players[3].user).get(board).status_code == 404
    square = reverse("forums:board_detail", args=[game.pk, BoardKind.TOWN_SQUARE])
    assert client_for(user).get(square).status_code == 200
    refused = client_for(user).post(square, {"title": "Hi", "body": "From the stands"})
    assert refused.status_code == 403


def spectator_page_costs(players: int, posts: int) -> list[int]:
    game, cast = running_game(players, mafia=2)
    user = UserFactory()
    watched_by(game, user)
    thread = thread_create(
        game_id=game.pk, board_kind=BoardKind.TOWN_SQUARE, by=cast[2].user, title="Talk",
        body="Hello", now=LATER,
    )  # fmt: skip
    for number in range(posts):
        post_create(thread_id=thread.pk, by=cast[number % players].user, body="hi", now=LATER)
    client = client_for(user)
    urls = [
        reverse("game_detail", args=[game.pk]),
        reverse("game_log", args=[game.pk]),
        reverse("forums:board_list", args=[game.pk]),
        reverse("forums:board_detail", args=[game.pk, BoardKind.TOWN_SQUARE]),
        reverse("forums:thread_detail", args=[thread.pk]),
        reverse("game_watch", args=[game.pk]),
    ]
    costs = []
    for url in urls:
        client.get(url)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200, url
        costs.append(len(captured))
    return costs


def test_a_spectators_pages_cost_the_same_whatever_the_game_s_size():
    assert spectator_page_costs(5, 2) == spectator_page_costs(14, 12)
