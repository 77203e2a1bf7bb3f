"""The API's schema is the truth about what it accepts and answers (issue: "The API holds under a
fuzzer"): the server errors a fuzzer found, local times as HH:MM, every error status documented
with the shared body, and the operations a page has."""

import json
from collections import Counter

import pytest
from django.db import transaction
from django.test import Client
from ninja import Schema

from game.models import Game
from game.rulesets import registry
from game.services.locking import lock_game
from game.services.wins import game_finish
from mafia_mod.api import api
from tests.conftest import client_for
from tests.factories import UserFactory, make_game, moderator_of, running_game, sign_up
from tests.forums.helpers import LATER

pytestmark = pytest.mark.django_db


def send(client: Client, method: str, url: str, data: dict):
    return getattr(client, method)(url, json.dumps(data), content_type="application/json")


def schema() -> dict:
    return Client().get("/api/v1/openapi.json").json()


def test_a_negative_role_count_is_refused_with_a_message_and_changes_nothing():
    game = make_game()
    before = dict(game.setup)
    response = send(
        client_for(moderator_of(game)),
        "patch",
        f"/api/v1/games/{game.pk}",
        {"setup": {"roles": {"innocent_child": -17933844}}},
    )
    assert response.status_code in {400, 422}
    assert response.json()["detail"]
    game.refresh_from_db()
    assert game.setup == before


@pytest.mark.parametrize("time", ["18:13:41-02:55", "00:00:00Z", "23:00:00", "24:00", "9:00"])
def test_a_game_with_a_day_end_time_that_is_not_hh_mm_is_refused(time):
    response = send(
        client_for(UserFactory()), "post", "/api/v1/games", {"name": "g", "day_end_time": time}
    )
    assert response.status_code == 422
    assert "HH:MM" in json.dumps(response.json()["detail"])
    assert not Game.objects.exists()


@pytest.mark.parametrize("time", ["00:00:00Z", "18:13:41-02:55"])
def test_changing_the_day_end_time_to_a_time_with_an_offset_is_refused(time):
    game = make_game()
    response = send(
        client_for(moderator_of(game)),
        "post",
        f"/api/v1/games/{game.pk}/day/time",
        {"day_end_time": time},
    )
    assert response.status_code == 422
    game.refresh_from_db()
    assert game.day_end_time.isoformat() == "23:00:00"


def test_the_day_end_time_is_read_and_written_as_hh_mm():
    response = send(
        client_for(UserFactory()), "post", "/api/v1/games", {"name": "g", "day_end_time": "21:30"}
    )
    assert response.status_code == 201
    assert response.json()["day_end_time"] == "21:30"
    definition = schema()["components"]["schemas"]["GameOut"]["properties"]["day_end_time"]
    assert definition["type"] == "string" and "format" not in definition
    assert definition["pattern"] == "^([01][0-9]|2[0-3]):[0-5][0-9]$"


def test_every_operation_documents_its_error_answers_with_the_shared_body():
    document = schema()
    assert document["components"]["schemas"]["Error"]["required"] == ["detail"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            documented = set(operation["responses"])
            assert {"400", "401", "403", "404", "409", "422"} <= documented, (method, path)


def test_signups_close_is_reached_through_the_api():
    game = make_game()
    response = client_for(moderator_of(game)).post(f"/api/v1/games/{game.pk}/signups/close")
    assert response.status_code == 200
    game.refresh_from_db()
    assert not game.signups_open


def test_removing_a_sign_up_still_takes_a_player_id():
    game = make_game()
    (player,) = sign_up(game, 1)
    response = client_for(player.user).delete(f"/api/v1/games/{game.pk}/signups/{player.pk}")
    assert response.status_code == 200


@pytest.mark.parametrize("method", ["get", "post"])
def test_an_invalid_bearer_token_answers_401_not_a_csrf_refusal(method):
    game = make_game()
    client = Client(enforce_csrf_checks=True, headers={"Authorization": "Bearer mm_wrong"})
    response = getattr(client, method)(f"/api/v1/games/{game.pk}/signups/close")
    if method == "get":
        response = client.get(f"/api/v1/games/{game.pk}")
    assert response.status_code == 401
    assert "detail" in response.json()


def test_an_anonymous_post_answers_401():
    game = make_game()
    response = Client(enforce_csrf_checks=True).post(f"/api/v1/games/{game.pk}/start")
    assert response.status_code == 401


def test_game_state_reports_the_winner_and_how_the_game_ended():
    game, players = running_game(4)
    client = client_for(players[1].user)
    running = client.get(f"/api/v1/games/{game.pk}").json()
    assert running["game"]["winner"] is None and running["ending"] is None
    with transaction.atomic():
        game_finish(game=lock_game(game.pk), winner="town", now=LATER, text="The town wins.")
    finished = client.get(f"/api/v1/games/{game.pk}").json()
    assert finished["game"]["winner"] == "town"
    assert finished["game"]["status"] == "finished"
    assert "The town wins." in finished["ending"]
    assert finished["game"]["finished_at"] is not None


def _enum(definition: dict) -> set[str]:
    options = definition.get("anyOf", [definition])
    return {value for option in options for value in option.get("enum", [option.get("const")])}


def test_enumerated_values_come_from_the_rule_set_registry():
    schemas = schema()["components"]["schemas"]
    codes = {
        name: {code for code, _ in choices()}
        for name, choices in {
            "roles": registry.role_choices,
            "methods": registry.kill_method_choices,
            "capacities": registry.capacity_choices,
        }.items()
    }
    assert _enum(schemas["RoleSetIn"]["properties"]["role"]) == codes["roles"]
    assert _enum(schemas["KillIn"]["properties"]["method"]) == codes["methods"] | {""}
    assert _enum(schemas["InvestigationIn"]["properties"]["capacity"]) == codes["capacities"]
    assert _enum(schemas["VoteIn"]["properties"]["condition"]) == {
        "primary_dead",
        "kill_announced_after",
        "",
    }
    counts = schemas["SetupIn"]["properties"]["roles"]["additionalProperties"]
    assert (counts["minimum"], counts["maximum"]) == (0, 999)


def test_a_role_outside_the_registry_is_refused_by_the_schema():
    game = make_game()
    (player,) = sign_up(game, 1)
    response = send(
        client_for(moderator_of(game)),
        "post",
        f"/api/v1/games/{game.pk}/roles",
        {"player_id": player.pk, "role": "werewolf"},
    )
    assert response.status_code == 422
    player.refresh_from_db()
    assert player.role == ""


@pytest.mark.parametrize(
    "url, payload",
    [
        ("/api/v1/games", {"name": "n" * 101}),
        ("/api/v1/games", {"name": "   "}),
        ("/api/v1/games", {"name": "\u0085"}),
        ("/api/v1/games", {"name": " \ufeff\x1c"}),
        ("SIGNUP", {"introduction": "hi", "name": "n" * 61}),
    ],
)
def test_text_longer_than_its_column_or_blank_is_refused_by_the_schema(url, payload):
    game = make_game()
    url = f"/api/v1/games/{game.pk}/signups" if url == "SIGNUP" else url
    response = send(client_for(UserFactory()), "post", url, payload)
    assert response.status_code == 422
    assert Game.objects.count() == 1 and not game.players.exists()


def _api_schemas(cls=Schema):
    for sub in cls.__subclasses__():
        if sub.__module__.startswith(("game.api", "forums.api")):
            yield sub
        yield from _api_schemas(sub)


def test_no_two_schemas_of_the_api_share_a_name():
    """The OpenAPI components are keyed by class name: two schemas of one name would leave one
    of them described by the other's fields (a role card's items answered as item offers')."""
    names = Counter(schema.__name__ for schema in set(_api_schemas()))
    assert {name: n for name, n in names.items() if n > 1} == {}
    held = api.get_openapi_schema()["components"]["schemas"]["HeldItemOut"]
    assert set(held["required"]) == {"id", "kind"}


def _request_body_schemas() -> set[str]:
    names = set()
    for methods in api.get_openapi_schema()["paths"].values():
        for operation in methods.values():
            body = operation.get("requestBody", {}).get("content", {})
            ref = body.get("application/json", {}).get("schema", {}).get("$ref", "")
            if ref:
                names.add(ref.rsplit("/", 1)[1])
    return names


def test_a_yes_or_no_field_a_client_sends_refuses_a_number():
    """A fuzzer sent `{"public": 0}` and the review was closed: lax validation reads 0 and 1 as
    no and yes. Every boolean a request body takes accepts only `true` and `false`."""
    sent = _request_body_schemas()
    lax = []
    for model in {schema for schema in _api_schemas() if schema.__name__ in sent}:
        for name, field in model.model_fields.items():
            if "bool" not in str(field.annotation):
                continue
            try:
                model.model_validate({name: 0})
                errors = []
            except ValueError as error:
                errors = error.errors()
            if not any(e["loc"][:1] == (name,) and e["type"] == "bool_type" for e in errors):
                lax.append(f"{model.__name__}.{name}")
    assert sent and lax == []
