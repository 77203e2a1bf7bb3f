"""Chiang Mai secrecy (M4, M12): a player with a phone sees their own cards only; the thumbs
reach the Policemen active that night and the host only; a stranger finds no game."""

import json
import re

import pytest

from game.rulesets.chiang_mai.cards import CARD_NAMES, KINGS
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.game.chiang_mai.helpers import dealt_table, enter, holder

pytestmark = pytest.mark.django_db


def table_json(client, game):
    response = client.get(f"/api/v1/games/{game.pk}/chiang-mai")
    assert response.status_code == 200, response.content
    return response.json()


def test_a_player_with_a_phone_sees_their_own_cards_only_and_the_host_sees_all():
    game, players = dealt_table()
    phone = next(p for p in players if p.user.is_active)
    seats = {s["id"]: s for s in table_json(client_for(phone.user), game)["seats"]}
    assert [c["code"] for c in seats[phone.pk]["cards"]] == phone.state["dealt"]
    assert all(s["cards"] == [] and s["killer"] is None for i, s in seats.items() if i != phone.pk)
    assert all(s["doses"] is None for s in seats.values())
    host_seats = table_json(client_for(moderator_of(game)), game)["seats"]
    assert all(len(s["cards"]) == 2 and s["doses"] == 0 for s in host_seats)


def test_the_phone_page_names_no_card_but_the_players_own():
    game, players = dealt_table()
    phone = next(p for p in players if p.user.is_active)
    page = client_for(phone.user).get(f"/games/{game.pk}/chiang-mai/").content.decode()
    # The rulings cited keep their plain words in their links' titles: about cards in general.
    page = re.sub(r'<a class="ruling"[^>]*>', "<a>", page)
    others = {c for p in players if p.pk != phone.pk for c in p.state["dealt"]}
    hidden = {CARD_NAMES[c] for c in others} - {CARD_NAMES[c] for c in phone.state["dealt"]}
    assert not any(name in page for name in hidden)


def test_the_thumbs_reach_the_active_policemen_and_the_host_only():
    game, players = dealt_table()
    black_jack = holder(players, "black_jack")
    killer = holder(players, "black_king")
    enter(game, kind="next")
    for target in (players[0].pk, None, killer.pk, None):
        enter(game, kind="call", target=target)
    host_thumbs = table_json(client_for(moderator_of(game)), game)["thumbs"]
    assert host_thumbs == [
        {"night": 1, "target": killer.name, "up": killer.state["dealt"][0] in KINGS}
    ]
    for player in players:
        seen = (
            table_json(client_for(player.user), game)["thumbs"] if player.user.is_active else None
        )
        if player.user.is_active:
            is_policeman = player.pk == black_jack.pk or (player.state["dealt"][0] == "red_jack")
            assert bool(seen) == is_policeman


def test_a_stranger_finds_no_game_and_a_player_cannot_undo():
    game, players = dealt_table()
    stranger = client_for(UserFactory())
    assert stranger.get(f"/api/v1/games/{game.pk}/chiang-mai").status_code == 404
    assert stranger.get(f"/games/{game.pk}/chiang-mai/host/").status_code == 404
    phone = next(p for p in players if p.user.is_active)
    client = client_for(phone.user)
    assert client.get(f"/games/{game.pk}/chiang-mai/host/").status_code == 404
    response = client.post(
        f"/api/v1/games/{game.pk}/chiang-mai/undo", "{}", content_type="application/json"
    )
    assert response.status_code == 404
    response = client.post(
        f"/api/v1/games/{game.pk}/chiang-mai/entries",
        json.dumps({"kind": "next"}),
        content_type="application/json",
    )
    assert response.status_code == 400 and "Only the host" in response.json()["detail"]


def test_the_game_page_leads_the_host_to_the_table_and_a_player_to_their_cards():
    game, players = dealt_table()
    host_page = client_for(moderator_of(game)).get(f"/games/{game.pk}/").content.decode()
    assert f"/games/{game.pk}/chiang-mai/host/" in host_page
    phone = next(p for p in players if p.user.is_active)
    response = client_for(phone.user).get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert f"/games/{game.pk}/chiang-mai/" in response.content.decode()
    screen = client_for(phone.user).get(f"/games/{game.pk}/chiang-mai/screen/")
    assert screen.status_code == 200
