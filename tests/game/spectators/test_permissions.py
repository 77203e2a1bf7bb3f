"""A spectator reaches nothing private in any rule set: every page and operation of a watched
game, its API and its live topics, for a spectator of that game and of another game
(docs/spectators.md; R50, R51). Every private place holds a secret (world.py)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse

from forums.access import Access, board_access, forum_viewer_for
from forums.declared_boards import declared_boards
from forums.models import BoardKind, Notification
from game.permissions import viewer_for
from live.access import grant_for
from tests.conftest import client_for
from tests.game.spectators.world import PUBLIC, RULE_SETS, SECRET, fingerprint, watched_world

pytestmark = pytest.mark.django_db
# The watch page of a game open to spectators is offered to every signed-in outsider; starting
# and stopping to watch change what they read, and are tested on their own (test_watching.py).
OFFERED = {"game_watch"}
NOT_POSTED = {
    "game_watch_start",
    "game_watch_stop",
    "api:spectate_start_op",
    "api:spectate_stop_op",
}
SPOKEN = "CANARY-from-the-stands"
WRITES = ("post", "patch", "put", "delete")


def names_under_game_id(resolver: URLResolver, prefix: str = "", route: str = "") -> set[str]:
    """The URL names of every page whose route, its includes' routes with it, has a game id."""
    found = set()
    for entry in resolver.url_patterns:
        here = route + str(entry.pattern)
        if isinstance(entry, URLResolver):
            namespace = f"{prefix}{entry.namespace}:" if entry.namespace else prefix
            found |= names_under_game_id(entry, namespace, here)
        elif isinstance(entry, URLPattern) and entry.name and "game_id" in here:
            found.add(prefix + entry.name)
    return found


def game_pages(game) -> list[tuple[str, str]]:
    """The URL of every page (not the API's: api_operations) that takes the game's id alone."""
    urls = []
    for name in sorted(names_under_game_id(get_resolver())):
        if name.startswith("api:"):
            continue
        try:
            urls.append((name, reverse(name, args=[game.pk])))
        except NoReverseMatch:
            continue  # a page of one of the game's things (a kill, an item): not the game's own
    return urls


def api_operations(game) -> list[tuple[str, str]]:
    """Every API operation on the game by its id alone: (method, path)."""
    paths = Client().get("/api/v1/openapi.json").json()["paths"]
    found = []
    for path, operations in paths.items():
        if "{game_id}" not in path or path.count("{") != 1:
            continue
        for method in operations:
            found.append((method, path.replace("{game_id}", str(game.pk))))
    return found


def assert_no_secret(body: str, where: str) -> None:
    assert SECRET not in body, where


@pytest.mark.parametrize("ruleset", RULE_SETS)
def test_a_spectator_reads_the_public_pages_and_nothing_private(ruleset):
    world = watched_world(ruleset)
    client = client_for(world.watcher)
    reached = set()
    for name, url in game_pages(world.game):
        response = client.get(url)
        assert response.status_code in (200, 302, 403, 404, 405), (name, response.status_code)
        assert_no_secret(response.content.decode(), name)
        if response.status_code == 200:
            reached.add(name)
    assert {"game_log", "forums:board_list"} <= reached
    board = client.get(reverse("forums:board_detail", args=[world.game.pk, "town_square"]))
    thread = client.get(reverse("forums:thread_detail", args=[world.public_thread.pk]))
    assert board.status_code == thread.status_code == 200
    assert PUBLIC in thread.content.decode()
    for private in world.private_threads:
        assert client.get(reverse("forums:thread_detail", args=[private.pk])).status_code == 404


@pytest.mark.parametrize("ruleset", RULE_SETS)
def test_a_spectator_of_another_game_reaches_only_the_watch_page(ruleset):
    world = watched_world(ruleset)
    client = client_for(world.other_game_watcher)
    for name, url in game_pages(world.game):
        response = client.get(url)
        assert_no_secret(response.content.decode(), name)
        if name in OFFERED:
            assert response.status_code == 200, name
        else:
            assert response.status_code in (302, 401, 403, 404, 405), (name, response.status_code)
    for thread in (world.public_thread, world.spectators_thread, *world.private_threads):
        assert client.get(reverse("forums:thread_detail", args=[thread.pk])).status_code == 404


@pytest.mark.parametrize("viewer", ["watcher", "other_game_watcher"])
@pytest.mark.parametrize("ruleset", RULE_SETS)
def test_no_page_posted_to_by_a_spectator_changes_anything(ruleset, viewer):
    world = watched_world(ruleset)
    client = client_for(getattr(world, viewer))
    before = fingerprint()
    for name, url in game_pages(world.game):
        if name in NOT_POSTED:
            continue
        response = client.post(url, {"target": world.players[-1].pk, "body": "x", "day": 1})
        assert response.status_code != 500, name
        assert_no_secret(response.content.decode(), name)
        assert fingerprint() == before, name


@pytest.mark.parametrize("viewer", ["watcher", "other_game_watcher"])
@pytest.mark.parametrize("ruleset", RULE_SETS)
def test_no_api_operation_gives_a_spectator_a_secret_or_a_change(ruleset, viewer):
    world = watched_world(ruleset)
    client = client_for(getattr(world, viewer))
    before = fingerprint()
    for method, path in api_operations(world.game):
        if path.endswith(("/spectators", "/spectators/me")):
            continue
        if method in WRITES:
            response = getattr(client, method)(path, "{}", content_type="application/json")
            assert response.status_code in (400, 401, 403, 404, 405, 409, 422), (method, path)
            assert fingerprint() == before, (method, path)
        else:
            response = client.get(path)
            if viewer == "other_game_watcher":
                assert response.status_code in (403, 404), path
        assert response.status_code != 500, (method, path)
        assert_no_secret(response.content.decode(), path)
    state = client.get(f"/api/v1/games/{world.game.pk}")
    if viewer == "watcher":
        assert state.status_code == 200
        assert state.json()["you"] is None
        revealed = {str(p.pk) for p in world.game.players.filter(alive=False)}
        assert set(state.json()["roles"]) <= revealed
    else:
        assert state.status_code == 404


@pytest.mark.parametrize("ruleset", RULE_SETS)
def test_the_board_table_gives_a_spectator_town_square_and_the_spectators_board(ruleset):
    world = watched_world(ruleset)
    watcher = forum_viewer_for(world.watcher, world.game)
    other = forum_viewer_for(world.other_game_watcher, world.game)
    expected = {BoardKind.TOWN_SQUARE: Access.READ, BoardKind.SPECTATORS: Access.POST}
    boards = declared_boards(world.game)
    assert BoardKind.SPECTATORS in {b.key for b in boards}
    for board in boards:
        assert board_access(watcher, board.key) == expected.get(board.key, Access.NONE)
        assert board_access(other, board.key) == Access.NONE
    living = [p for p in world.players if p.alive and p.user_id is not None]
    for player in living:
        fv = forum_viewer_for(player.user, world.game)
        assert board_access(fv, BoardKind.SPECTATORS) == Access.NONE
    anonymous = forum_viewer_for(AnonymousUser(), world.game)
    assert board_access(anonymous, BoardKind.SPECTATORS) == Access.NONE


@pytest.mark.parametrize("ruleset", RULE_SETS)
def test_a_spectator_hears_the_public_topics_alone(ruleset):
    world = watched_world(ruleset)
    game = world.game.pk

    def granted(user, topic: str) -> bool:
        return grant_for(user, frozenset({topic})) is not None

    watcher, other = world.watcher, world.other_game_watcher
    assert granted(watcher, f"game-{game}")
    assert granted(watcher, f"thread-{world.public_thread.pk}")
    assert granted(watcher, f"thread-{world.spectators_thread.pk}")
    assert granted(watcher, f"user-{watcher.pk}")
    assert not granted(watcher, f"queue-{game}")
    for thread in world.private_threads:
        assert not granted(watcher, f"thread-{thread.pk}")
    for topic in (f"game-{game}", f"queue-{game}", f"thread-{world.public_thread.pk}"):
        assert not granted(other, topic)
    assert not granted(other, f"thread-{world.spectators_thread.pk}")
    for player in [p for p in world.players if p.alive and p.user_id is not None]:
        assert not granted(player.user, f"thread-{world.spectators_thread.pk}")


@pytest.mark.parametrize("ruleset", RULE_SETS)
def test_a_spectators_post_never_reaches_a_living_player(ruleset):
    world = watched_world(ruleset)
    everyone = " ".join(f"@{p.name}" for p in world.players)
    client = client_for(world.watcher)
    response = client.post(
        f"/api/v1/forums/threads/{world.spectators_thread.pk}/posts",
        json.dumps({"body": f"{SPOKEN} {everyone}"}),
        content_type="application/json",
    )
    assert response.status_code == 201
    living = [p for p in world.players if p.alive and p.user_id is not None]
    assert not Notification.objects.filter(user__in=[p.user for p in living]).filter(
        post__body__contains=SPOKEN
    )
    for player in living:
        player_client = client_for(player.user)
        for url in (
            "/api/v1/forums/notifications",
            reverse("forums:notification_list"),
            reverse("forums:search", args=[world.game.pk]) + f"?q={SPOKEN[:-2]}",
            f"/api/v1/forums/threads/{world.spectators_thread.pk}/posts",
        ):
            assert SPOKEN not in player_client.get(url).content.decode(), url
    assert viewer_for(world.watcher, world.game).is_spectator
