"""A page's query count must not grow with the number of players (10 versus 100)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.rulesets.live_action.roles import Role
from game.services.lobby.setup import items_deal
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


def test_player_pages_and_the_home_page_cost_the_same_at_10_and_100_players():
    """Each page's count with a game of 10, then with a game of 100 more (the home page lists
    both)."""
    counts: dict[str, list[int]] = {page: [] for page in [*PAGES, "home"]}
    for size in (10, 100):
        game, players = build(size)
        client = client_for(players[0].user)
        for page, url in PAGES.items():
            counts[page].append(count_queries(client, url(game)))
        counts["home"].append(count_queries(client, reverse("home")))
    assert {page: small for page, (small, _) in counts.items()} == {
        page: large for page, (_, large) in counts.items()
    }


@pytest.mark.parametrize("started", [False, True], ids=["sign-ups", "running"])
def test_the_dashboard_costs_the_same_at_10_and_100_players(started):
    counts = []
    for size in (10, 100):
        game, _ = build(size, started=started)
        url = reverse("mod_dashboard", args=[game.pk])
        counts.append(count_queries(client_for(moderator_of(game)), url))
    assert counts[0] == counts[1]


def _powers_used(game, players) -> None:
    from game.models import Item, Player
    from game.services.mafia_powers.mafia import mafia_poison, mafia_trap_set
    from game.services.mafia_powers.stalking import stalker_target_set

    # The deal gives some players an item in a small game and not in a large one; the items'
    # own forms are not what these counts measure.
    Item.objects.filter(game=game).delete()
    Player.objects.filter(pk=players[2].pk).update(role=Role.STALKER)
    Player.objects.filter(pk=players[3].pk).update(role=Role.INNOCENT_CHILD)
    mafia = players[0].user
    mafia_poison(game_id=game.pk, by=mafia, victim_id=players[4].pk, now=START)
    mafia_trap_set(
        game_id=game.pk,
        by=mafia,
        power="set_trap",
        target_id=players[5].pk,
        guessed_role=Role.TOWNIE,
        now=START,
    )
    stalker_target_set(game_id=game.pk, by=players[2].user, target_id=players[0].pk, now=START)


def test_the_mafia_page_and_the_role_cards_with_powers_cost_the_same_at_10_and_100():
    """The mafia's page and role card, the stalker's and the innocent child's role cards."""
    counts: dict[str, list[int]] = {}
    for size in (10, 100):
        game, players = build(size)
        _powers_used(game, players)
        pages = {
            "mafia": (players[0], reverse("mafia", args=[game.pk])),
            "mafia's role card": (players[0], reverse("role_card", args=[game.pk])),
            "stalker's role card": (players[2], reverse("role_card", args=[game.pk])),
            "innocent child's role card": (players[3], reverse("role_card", args=[game.pk])),
        }
        for page, (player, url) in pages.items():
            counts.setdefault(page, []).append(count_queries(client_for(player.user), url))
    assert {page: small for page, (small, _) in counts.items()} == {
        page: large for page, (_, large) in counts.items()
    }
