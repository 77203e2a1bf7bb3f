"""A game serves the pages its rule set declares (`Ruleset.pages`) and no other: a page of
another rule set answers 404 for that game, as a page that does not exist, for its players and
its moderators alike; every page of a game is some rule set's."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from game.permissions import game_pages
from game.rulesets.registry import RULESETS
from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.game.chiang_mai.helpers import dealt_table
from tests.game.classic.helpers import classic_game

pytestmark = pytest.mark.django_db


def patterns_with_game_id(resolver: URLResolver, prefix: str = "") -> list[str]:
    """The URL names of every page with a `game_id`, namespaced as `{% url %}` names them."""
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            namespace = f"{prefix}{entry.namespace}:" if entry.namespace else prefix
            found += patterns_with_game_id(entry, namespace)
        elif isinstance(entry, URLPattern) and entry.name and "game_id" in str(entry.pattern):
            found.append(prefix + entry.name)
    return found


def test_every_page_of_a_game_is_served_by_some_rule_set():
    pages = {name for name in patterns_with_game_id(get_resolver()) if not name.startswith("api")}
    assert pages - game_pages() == set()


def test_every_rule_set_serves_its_menus_and_dashboards_links():
    for rules in RULESETS.values():
        links = [*rules.pages.menu, *(link for slot in rules.pages.bottom_bar for link in slot)]
        assert {link.page for link in links} <= rules.pages.served, rules.code
        assert {a.page for a in rules.pages.setup_actions} <= rules.pages.served, rules.code


@pytest.mark.parametrize(
    "page", ["vote", "vote_tally", "kills", "investigate", "results", "deaths"]
)
def test_a_chiang_mai_game_does_not_serve_the_other_rule_sets_pages(page):
    game, players = dealt_table(size=7, phones=2)
    url = reverse(page, args=[game.pk])
    assert client_for(players[0].user).get(url).status_code == 404
    assert client_for(moderator_of(game)).get(url).status_code == 404


def test_a_chiang_mai_game_serves_its_own_pages():
    game, players = dealt_table(size=7, phones=2)
    assert (
        client_for(players[0].user).get(reverse("chiang_mai_hand", args=[game.pk])).status_code
        == 200
    )
    host = client_for(moderator_of(game))
    assert host.get(reverse("chiang_mai_host", args=[game.pk])).status_code == 200


@pytest.mark.parametrize("page", ["kills", "investigate", "mafia", "petitions", "mod_queue"])
def test_a_classic_game_does_not_serve_the_live_action_pages(page):
    game, players = classic_game()
    url = reverse(page, args=[game.pk])
    assert client_for(players["maf1"].user).get(url).status_code == 404
    assert client_for(moderator_of(game)).get(url).status_code == 404


@pytest.mark.parametrize("page", ["night", "chiang_mai_hand", "hp_game", "forums:forum_day"])
def test_a_live_action_game_does_not_serve_the_night_and_day_pages(page):
    game, players = running_game(5)
    assert client_for(players[0].user).get(reverse(page, args=[game.pk])).status_code == 404


def test_a_vote_posted_to_a_game_that_has_no_vote_page_is_not_found():
    game, players = dealt_table(size=7, phones=2)
    response = client_for(players[0].user).post(reverse("vote", args=[game.pk]), {"target": ""})
    assert response.status_code == 404
