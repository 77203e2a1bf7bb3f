"""A page's query count must not grow with the number of players (10 versus 100)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.rulesets.live_action.roles import Role
from game.services.setup import items_deal
from tests.conftest import client_for
from tests.factories import START, make_game, moderator_of, seeded, sign_up, start_game

pytestmark = pytest.mark.django_db


def build(size: int, *, started: bool = True):
    game = make_game(name=f"Game of {size}")
    players = sign_up(game, size)
    items_deal(game_id=game.pk, by=moderator_of(game), now=START, rng=seeded())
    if started:
        start_game(game, {players[0]: Role.MAFIA, players[1]: Role.MAFIA})
    return game, players


def count_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


PAGES = {
    "overview": lambda g: reverse("game_detail", args=[g.pk]),
    "role card": lambda g: reverse("role_card", args=[g.pk]),
    "log": lambda g: reverse("game_log", args=[g.pk]),
    "game state api": lambda g: f"/api/v1/games/{g.pk}",
}


@pytest.mark.parametrize("page", PAGES)
def test_player_pages_cost_the_same_at_10_and_100_players(page):
    counts = []
    for size in (10, 100):
        game, players = build(size)
        counts.append(count_queries(client_for(players[0].user), PAGES[page](game)))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("started", [False, True], ids=["sign-ups", "running"])
def test_the_dashboard_costs_the_same_at_10_and_100_players(started):
    counts = []
    for size in (10, 100):
        game, _ = build(size, started=started)
        url = reverse("mod_dashboard", args=[game.pk])
        counts.append(count_queries(client_for(moderator_of(game)), url))
    assert counts[0] == counts[1]


def test_the_home_page_costs_the_same_with_more_games():
    counts = []
    for size in (10, 100):
        game, players = build(size)
        counts.append(count_queries(client_for(players[0].user), reverse("home")))
    assert counts[0] == counts[1]
