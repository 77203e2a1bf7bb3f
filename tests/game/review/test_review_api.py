"""The review, the statistics and the setups through the API, as documented in its schema: the
same answers and the same 404 before the end as the pages."""

import json

import pytest
from django.test import Client

from game.models import Game
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.game.classic.helpers import classic_game
from tests.game.investigation_steps import framed_investigation
from tests.game.kills_setup import town
from tests.game.review.helpers import finish

pytestmark = pytest.mark.django_db

OPERATIONS = {
    ("get", "/api/v1/games/{game_id}/review"): "game_review",
    ("put", "/api/v1/games/{game_id}/review/public"): "review_publish",
    ("get", "/api/v1/games/{game_id}/stats"): "game_stats",
    ("get", "/api/v1/setups"): "setup_list",
    ("get", "/api/v1/setups/{setup_hash}"): "setup_detail",
}


def test_the_schema_documents_the_review_statistics_and_setup_operations():
    paths = Client().get("/api/v1/openapi.json").json()["paths"]
    for (method, path), operation_id in OPERATIONS.items():
        operation = paths[path][method]
        assert operation["operationId"] == operation_id
        assert {"200", "404"} <= set(operation["responses"])
    review = paths["/api/v1/games/{game_id}/review"]["get"]
    assert {p["name"] for p in review["parameters"]} == {"game_id", "player", "phase"}


def test_the_review_answers_404_before_the_end_and_the_investigations_chain_after_it():
    asked = framed_investigation()
    t, innocent = asked.t, asked.suspect
    url = f"/api/v1/games/{t.game.pk}/review"
    player = client_for(t.investigator.user)
    assert player.get(url).status_code == 404
    assert player.get(f"/api/v1/games/{t.game.pk}/stats").status_code == 404
    finish(t.game)
    body = player.get(url, {"player": innocent.pk}).json()
    events = [e for phase in body["phases"] for e in phase["events"]]
    assert events and all(innocent.pk in e["players"] for e in events)
    asked = next(e for e in events if e["kind"] == "investigation")
    assert asked["details"][0] == "True answer: truth: no"
    assert asked["details"][-1] == "Reported answer: yes (framed)"
    assert any(d.startswith("Falsified: framed") for d in asked["details"])
    roles = {p["name"]: p["role"] for p in body["players"]}
    assert roles[t.mafia.name] == "Mafia"
    stats = player.get(f"/api/v1/games/{t.game.pk}/stats").json()
    rows = {(r["name"], r["day"]): r["actions"] for r in stats["rows"]}
    assert rows[(t.investigator.name, 1)] == 1


def test_only_a_moderator_opens_the_review_to_everyone_through_the_api():
    t = town()
    finish(t.game)
    url = f"/api/v1/games/{t.game.pk}/review/public"
    outsider = client_for(UserFactory())
    assert outsider.get(f"/api/v1/games/{t.game.pk}/review").status_code == 404
    body = json.dumps({"public": True})
    assert outsider.put(url, body, content_type="application/json").status_code == 404
    player = client_for(t.townies[0].user)
    assert player.put(url, body, content_type="application/json").status_code == 404
    answer = client_for(t.mod).put(url, body, content_type="application/json")
    assert answer.json() == {"game_id": t.game.pk, "review_public": True}
    assert Game.objects.get(pk=t.game.pk).review_public
    assert outsider.get(f"/api/v1/games/{t.game.pk}/review").status_code == 200


def test_a_setup_through_the_api_counts_wins_per_side_with_their_interval():
    for winner in ("village", "village", "mafia"):
        finish(classic_game()[0], winner=winner)
    client = client_for(UserFactory())
    [setup] = client.get("/api/v1/setups").json()
    assert setup["games_played"] == 3 and setup["ruleset"] == "classic"
    assert setup["roles"] == {"cop": 1, "doctor": 1, "mafioso": 2, "villager": 4}
    sides = {s["code"]: s for s in setup["sides"]}
    assert (sides["village"]["wins"], sides["village"]["games"]) == (2, 3)
    assert round(sides["village"]["low"], 3) == 0.208
    assert round(sides["village"]["high"], 3) == 0.939
    assert client.get(f"/api/v1/setups/{setup['hash']}").json() == setup
    assert client.get("/api/v1/setups/nothing").status_code == 404
