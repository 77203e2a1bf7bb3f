"""The HP pages and API: the solo game started from the home page, a round on one screen, the
rules page, and what each viewer may see (H12)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import strip_tags

from game.models import Game, GameModerator, GameStatus, LogEntry, Player
from game.services.hp import solo
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
SEED = "hp-pages-seed-2"


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """One seed for every game here (C8), so that the person's first night plays out the same
    in every run: with a random one a commoner killed that night would see the computer finish
    the game, and a finished game is public (R50)."""
    monkeypatch.setattr(solo.secrets, "token_hex", lambda _: SEED)


def start(client, **data) -> Game:
    response = client.post(reverse("hp_solo_new"), {"players": 10, "role": "", **data})
    assert response.status_code == 302
    return Game.objects.get(pk=int(re.search(r"/games/(\d+)/hp/", response["Location"])[1]))


def test_the_home_page_offers_a_solo_game_and_the_rules_page_is_public(client, user, login):
    page = login(user).get(reverse("home")).content.decode()
    assert 'id="hp-solo"' in page and "Assign Randomly" in page
    rules = client.get(reverse("hp_rules"))
    assert rules.status_code == 200 and "(H4)" in strip_tags(rules.content.decode())


def test_a_person_plays_a_solo_game_from_its_page_to_the_end(user, login):
    client = login(user)
    game = start(client, role="commoner")
    for _ in range(200):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        page = client.get(reverse("hp_game", args=[game.pk])).content.decode()
        found = re.search(r'name="target" value="(\d+)"', page)
        assert found is not None, page
        client.post(reverse("hp_choose", args=[game.pk]), {"target": found[1]})
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    page = client.get(reverse("hp_game", args=[game.pk])).content.decode()
    assert "Game Over." in page and "were Commoners." in page
    assert game.random_seed in page


def test_the_api_plays_a_round(user, login):
    client = login(user)
    created = client.post(
        "/api/v1/hp/solo", {"players": 5, "role": "detective"}, "application/json"
    )
    assert created.status_code == 201
    game_id = created.json()["game_id"]
    state = client.get(f"/api/v1/games/{game_id}/hp").json()
    assert state["prompt"] == "Choose a player to test:" and state["me"]["hp"] == 800
    after = client.post(
        f"/api/v1/games/{game_id}/hp/choose",
        {"target_id": state["choices"][0]["id"]},
        "application/json",
    )
    assert after.status_code == 200
    assert any(line.endswith("a mafia.") for line in after.json()["lines"])
    refused = client.post(
        f"/api/v1/games/{game_id}/hp/choose", {"target_id": 999999}, "application/json"
    )
    assert refused.status_code == 400
    bad = client.post("/api/v1/hp/solo", {"players": 3}, "application/json")
    assert bad.status_code == 422


def test_a_player_sees_their_own_hp_and_nobody_elses(user, login):
    client = login(user)
    game = start(client, role="mafia")
    page = client.get(reverse("hp_game", args=[game.pk])).content.decode()
    assert "2500 HP" in page and 'id="hp-table"' not in page
    assert game.random_seed not in page
    assert "1000 HP" not in page and "800 HP" not in page
    state = client.get(f"/api/v1/games/{game.pk}/hp").json()
    assert [p["hp"] for p in state["players"] if p["hp"] is not None] == [2500]


def test_a_moderator_sees_everyones_hp(user, login):
    client = login(user)
    game = start(client, role="commoner")
    moderator = UserFactory()
    GameModerator.objects.create(game=game, user=moderator, added_by=moderator)
    page = login(moderator).get(reverse("hp_game", args=[game.pk])).content.decode()
    assert 'id="hp-table"' in page and page.count(" HP</li>") == 10


def test_nobody_reads_the_detectives_result_or_a_groups_knowledge_but_them(user, login):
    client = login(user)
    game = start(client, role="commoner")
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    results = LogEntry.objects.filter(
        game=game, kind__in=["hp_tested_mafia", "hp_tested_not_mafia"]
    )
    assert results.exists()
    page = client.get(reverse("hp_game", args=[game.pk])).content.decode()
    api = client.get(f"/api/v1/games/{game.pk}/hp").content.decode()
    for entry in results:
        assert entry.text not in page and entry.text not in api
        assert {p.role for p in entry.recipients.all()} == {"detective"}
    assert "Other mafias" not in page and "Mafias selected" not in page


def test_another_users_game_is_not_found(user, login):
    game = start(login(user), role="mafia")
    assert game.status == "running"
    stranger = login(UserFactory())
    assert stranger.get(reverse("hp_game", args=[game.pk])).status_code == 404
    assert stranger.get(f"/api/v1/games/{game.pk}/hp").status_code == 404
    person = Player.objects.get(game=game, computer=False)
    answer = stranger.post(reverse("hp_choose", args=[game.pk]), {"target": person.pk})
    assert answer.status_code == 404
