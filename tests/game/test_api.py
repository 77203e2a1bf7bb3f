import datetime as dt

import pytest
from django.test import Client

from game.models import ApiToken, GameStatus
from game.services.lobby.accounts import api_token_create, api_token_user
from tests.conftest import client_for
from tests.factories import UserFactory, make_game, moderator_of, sign_up

pytestmark = pytest.mark.django_db

FOUNDATION_OPERATIONS = {
    "game_create",
    "game_settings_update",
    "moderator_add",
    "game_state",
    "log_list",
    "signup_create",
    "signup_remove",
    "signups_close",
    "roles_assign",
    "role_set",
    "items_deal",
    "game_start",
    "day_end_now",
    "day_end_time_change",
    "clock_pause",
    "clock_resume",
}


def test_the_openapi_schema_lists_every_foundation_operation():
    schema = Client().get("/api/v1/openapi.json").json()
    operation_ids = {
        operation["operationId"] for path in schema["paths"].values() for operation in path.values()
    }
    assert FOUNDATION_OPERATIONS - operation_ids == set()


def test_a_personal_token_authenticates_and_only_its_hash_is_stored():
    user = UserFactory()
    token, raw = api_token_create(user=user, name="bot")
    assert raw not in {t.digest for t in ApiToken.objects.all()}
    client = Client(headers={"Authorization": f"Bearer {raw}"})
    response = client.post("/api/v1/games", {"name": "Token game"}, content_type="application/json")
    assert response.status_code == 201
    assert response.json()["status"] == GameStatus.SIGNUP
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_a_wrong_token_is_refused():
    response = Client(headers={"Authorization": "Bearer mm_nope"}).get("/api/v1/games/1")
    assert response.status_code == 401


def test_the_whole_setup_runs_through_the_api():
    moderator = UserFactory()
    mod = client_for(moderator)
    game_id = mod.post(
        "/api/v1/games", {"name": "API game"}, content_type="application/json"
    ).json()["id"]
    players = [UserFactory() for _ in range(3)]
    for user in players:
        response = client_for(user).post(
            f"/api/v1/games/{game_id}/signups",
            {"introduction": "hi"},
            content_type="application/json",
        )
        assert response.status_code == 201
    mod.patch(
        f"/api/v1/games/{game_id}",
        {
            "setup": {
                "roles": {
                    "mafia": 1,
                    "serial_killer": 0,
                    "investigator": 1,
                    "desperado": 0,
                    "gay_knight": 0,
                    "group_investigator": 0,
                    "innocent_child": 0,
                    "priest": 0,
                    "stalker": 0,
                    "vigilante": 0,
                }
            }
        },
        content_type="application/json",
    )
    assert mod.post(f"/api/v1/games/{game_id}/roles/assign").status_code == 200
    assert mod.post(f"/api/v1/games/{game_id}/items/deal").status_code == 200
    started = mod.post(f"/api/v1/games/{game_id}/start")
    assert started.status_code == 200
    assert started.json()["current_day"] == 1
    state = client_for(players[0]).get(f"/api/v1/games/{game_id}").json()
    assert state["day"]["number"] == 1
    assert len(state["players"]) == 3
    assert state["you"]["role"] in {"mafia", "investigator", "townie"}


def test_a_rule_error_comes_back_as_400_with_the_message_and_changes_nothing():
    game = make_game()
    sign_up(game, 2)
    response = client_for(moderator_of(game)).post(f"/api/v1/games/{game.pk}/start")
    assert response.status_code == 400
    assert "without a role" in response.json()["detail"]
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNUP


def test_a_player_cannot_remove_someone_elses_sign_up():
    game = make_game()
    first, second = sign_up(game, 2)
    response = client_for(first.user).delete(f"/api/v1/games/{game.pk}/signups/{second.pk}")
    assert response.status_code == 404
    assert game.players.count() == 2
    own = client_for(first.user).delete(f"/api/v1/games/{game.pk}/signups/{first.pk}")
    assert own.status_code == 200
    assert game.players.count() == 1


def test_session_api_calls_need_the_csrf_token():
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post("/api/v1/games", {"name": "x"}, content_type="application/json")
    assert response.status_code == 403


def test_a_tokens_last_use_is_recorded_at_most_once_a_minute():
    user = UserFactory()
    token, raw = api_token_create(user=user, name="bot")
    start = dt.datetime(2026, 10, 5, 12, 0, tzinfo=dt.UTC)
    assert api_token_user(raw, now=start) == user
    assert api_token_user(raw, now=start + dt.timedelta(seconds=30)) == user
    token.refresh_from_db()
    assert token.last_used_at == start
    api_token_user(raw, now=start + dt.timedelta(minutes=2))
    token.refresh_from_db()
    assert token.last_used_at == start + dt.timedelta(minutes=2)
