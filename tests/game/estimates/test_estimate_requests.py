"""Who may ask for a balance estimate and what is refused: only the game's moderators (anyone
else gets the 404 of a page that does not exist), within bounds, one at a time a game, for a
rule set with computer players; through the pages and the API, whose schema documents it."""

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from game.errors import GameRuleError
from game.models import BalanceEstimate
from game.rulesets import registry
from game.services.estimates.requests import estimate_request
from game.services.estimates.runs import estimate_claim, estimate_step
from mafia_mod.api import api
from tests.conftest import client_for
from tests.factories import UserFactory, make_game, moderator_of, sign_up
from tests.rulesets.werewolf_village import WEREWOLF_VILLAGE

pytestmark = pytest.mark.django_db


def classic(players: int = 7):
    game = make_game(ruleset="classic")
    return game, sign_up(game, players)


def post_api(user, game_id: int, body: dict):
    return client_for(user).post(
        f"/api/v1/games/{game_id}/estimates", json.dumps(body), content_type="application/json"
    )


def test_players_and_outsiders_reach_no_estimate_page_or_operation():
    game, players = classic()
    estimate = estimate_request(
        game_id=game.pk, by=moderator_of(game), players=7, games=100, now=timezone.now()
    )
    for user in (players[0].user, UserFactory()):
        client = client_for(user)
        assert client.get(reverse("mod_estimates", args=[game.pk])).status_code == 404
        assert client.get(reverse("mod_estimate", args=[game.pk, estimate.pk])).status_code == 404
        posted = client.post(
            reverse("mod_estimate_request", args=[game.pk]), {"players": 7, "games": 100}
        )
        assert posted.status_code == 404
        assert post_api(user, game.pk, {"players": 7, "games": 100}).status_code == 404
        assert client.get(f"/api/v1/games/{game.pk}/estimates").status_code == 404
        assert client.get(f"/api/v1/games/{game.pk}/estimates/{estimate.pk}").status_code == 404
    assert BalanceEstimate.objects.count() == 1


def test_an_estimate_of_another_game_is_not_found():
    game, _ = classic()
    other, _ = classic()
    theirs = estimate_request(
        game_id=other.pk, by=moderator_of(other), players=7, games=100, now=timezone.now()
    )
    client = client_for(moderator_of(game))
    assert client.get(reverse("mod_estimate", args=[game.pk, theirs.pk])).status_code == 404
    assert client.get(f"/api/v1/games/{game.pk}/estimates/{theirs.pk}").status_code == 404


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"players": 7, "games": 99}, "Ask for 100 to 5000 games; 99 is not."),
        ({"players": 7, "games": 5001}, "Ask for 100 to 5000 games; 5001 is not."),
        ({"players": 5, "games": 100}, "Estimate a setup of 6 to 30 players; 5 is not."),
        ({"players": 31, "games": 100}, "Estimate a setup of 6 to 30 players; 31 is not."),
        (
            {"players": 7, "games": 100, "seed": "no spaces"},
            "A seed is 1 to 64 letters, digits, dashes and underscores.",
        ),
    ],
)
def test_bad_input_is_refused_with_a_clear_message_and_changes_nothing(body, message):
    game, _ = classic()
    mod = moderator_of(game)
    answer = post_api(mod, game.pk, body)
    assert answer.status_code == 400 and answer.json()["detail"] == message
    page = client_for(mod).post(reverse("mod_estimate_request", args=[game.pk]), body)
    assert message in page.content.decode()
    assert not BalanceEstimate.objects.exists()


def test_a_setup_that_cannot_be_dealt_is_refused():
    game, _ = classic()
    game.setup = {"roles": {"mafioso": 5, "cop": 1, "doctor": 1}}
    game.save()
    with pytest.raises(GameRuleError, match="cannot be dealt: The counts need more than"):
        estimate_request(
            game_id=game.pk, by=moderator_of(game), players=6, games=100, now=timezone.now()
        )


def test_one_estimate_at_a_time_a_game():
    game, _ = classic()
    mod = moderator_of(game)
    first = post_api(mod, game.pk, {"players": 7, "games": 100})
    assert first.status_code == 201
    assert first.json()["total"] == 100 + 8 * 100 and first.json()["played"] == 0
    second = post_api(mod, game.pk, {"players": 7, "games": 100})
    assert second.status_code == 400
    assert second.json()["detail"].startswith("An estimate of this game is still running")


def test_a_rule_set_without_computer_players_says_so(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, WEREWOLF_VILLAGE.code, WEREWOLF_VILLAGE)
    game = make_game(ruleset=WEREWOLF_VILLAGE.code)
    mod = moderator_of(game)
    page = client_for(mod).get(reverse("mod_estimates", args=[game.pk])).content.decode()
    assert "has no computer players" in page and "Estimate the balance" not in page
    answer = post_api(mod, game.pk, {"players": 7, "games": 100})
    assert answer.status_code == 400 and "has no computer players" in answer.json()["detail"]


def test_the_moderator_asks_through_the_page_and_reads_through_the_api(
    django_capture_on_commit_callbacks,
):
    game, _ = classic()
    mod = moderator_of(game)
    dashboard = client_for(mod).get(reverse("mod_dashboard", args=[game.pk])).content.decode()
    assert reverse("mod_estimates", args=[game.pk]) in dashboard
    with django_capture_on_commit_callbacks(execute=True):
        answer = client_for(mod).post(
            reverse("mod_estimate_request", args=[game.pk]),
            {"players": 7, "games": 100, "seed": "page"},
        )
    assert answer.status_code == 302
    estimate = BalanceEstimate.objects.get()
    assert estimate.finished and estimate.seed == "page"
    read = client_for(mod).get(f"/api/v1/games/{game.pk}/estimates/{estimate.pk}").json()
    assert read["played"] == read["total"] == 900
    assert [s["code"] for s in read["setup"]["sides"]] == ["village", "mafia"]
    assert sum(s["wins"] for s in read["setup"]["sides"]) == 100
    assert read["setup"]["sides"][0]["low"] <= read["setup"]["sides"][0]["rate"]
    assert {v["key"] for v in read["variants"]} >= {"mafioso+1", "villager-1"}
    assert "computer" in read["computer_play"] or read["computer_play"]
    listed = client_for(mod).get(f"/api/v1/games/{game.pk}/estimates").json()
    assert [e["id"] for e in listed] == [estimate.pk]


def test_the_schema_documents_the_estimate_operations():
    schema = api.get_openapi_schema()
    operations = {
        op["operationId"]: op for path in schema["paths"].values() for op in path.values()
    }
    for name in ("estimate_request", "estimate_list", "estimate_detail"):
        assert operations[name]["description"] or operations[name]["summary"]
    answers = {str(status) for status in operations["estimate_request"]["responses"]}
    assert {"201", "400", "404"} <= answers


@pytest.mark.parametrize(
    ("ruleset", "players", "counted", "sides"),
    [
        ("hp", 10, {"mafia": 2, "detective": 2, "healer": 1}, ["village", "mafia"]),
        ("chiang_mai", 7, {"black_king": 1, "joker": 1}, ["village", "killers"]),
    ],
)
def test_hp_and_chiang_mai_setups_are_estimated_by_their_own_computer_players(
    ruleset, players, counted, sides
):
    game = make_game(ruleset=ruleset)
    mod = moderator_of(game)
    now = timezone.now()
    estimate = estimate_request(game_id=game.pk, by=mod, players=players, games=100, now=now)
    assert counted.items() <= estimate.counts.items()
    runner = estimate_claim(estimate_id=estimate.pk, now=now)
    assert estimate_step(estimate_id=estimate.pk, runner=runner, now=now, most=20, seconds=60)
    read = client_for(mod).get(f"/api/v1/games/{game.pk}/estimates/{estimate.pk}").json()
    assert read["played"] == 20 and [s["code"] for s in read["setup"]["sides"]] == sides
    assert sum(s["wins"] for s in read["setup"]["sides"]) == 20
