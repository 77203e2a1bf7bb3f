"""HP Mafia's private boards (H1): each group reads and posts on its own board and learns
nothing of the others'; the moderators read all; the dead and other games as the Den (R51). In a
game open to spectators, a spectator of it reads Town Square and shares the spectators' board
with the dead; a spectator of another game sees nothing (docs/spectators.md)."""

from __future__ import annotations

import datetime as dt
import importlib
import json
from dataclasses import dataclass

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from forums.access import Access, board_access, forum_viewer_for
from forums.models import GROUP_BOARD, Board, Thread
from forums.selectors.boards import board_list
from forums.services import thread_create
from game.models import Game, Player, User
from game.services.lobby.setup import game_start, roles_assign
from tests.conftest import client_for
from tests.factories import UserFactory, make_game, moderator_of, running_game, sign_up
from tests.forums.helpers import finish, kill, watched_by

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 26, 20, 0, tzinfo=dt.UTC)
TS, GY = "town_square", "graveyard"
MAFIAS, DETECTIVES, HEALERS = "mafias", "detectives", "healers"
BOARDS = [TS, MAFIAS, DETECTIVES, HEALERS, GY]
SP = "spectators"
SPECTATED_BOARDS = [*BOARDS, SP]


def hp_game(size: int = 10) -> tuple[Game, dict[str, list[Player]]]:
    """A moderated HP game of `size` people, dealt and started (H1), its players by role."""
    game = make_game(ruleset="hp")
    sign_up(game, size)
    moderator = moderator_of(game)
    roles_assign(game_id=game.pk, by=moderator, now=NOW)
    game_start(game_id=game.pk, by=moderator, now=NOW)
    game.refresh_from_db()
    by_role: dict[str, list[Player]] = {}
    for player in game.players.order_by("pk"):
        by_role.setdefault(player.role, []).append(player)
    return game, by_role


@dataclass
class HpCast:
    game: Game
    users: dict[str, User | None]


def make_hp_cast(*, spectated: bool = False) -> HpCast:
    """`spectated`: the game and the other game are open to spectators, with their board, and
    each has one watching it."""
    game, roles = hp_game(10)  # 2 mafias, 2 detectives, 1 healer, 5 commoners
    kill(roles["detective"][1], at=NOW)
    _, others = hp_game(5)
    watchers = {"watcher": UserFactory(), "other_game_watcher": UserFactory()} if spectated else {}
    if spectated:
        watched_by(game, watchers["watcher"])
        watched_by(others["detective"][0].game, watchers["other_game_watcher"])
    return HpCast(
        game,
        {
            **watchers,
            "mafia": roles["mafia"][0].user,
            "detective": roles["detective"][0].user,
            "healer": roles["healer"][0].user,
            "commoner": roles["commoner"][0].user,
            "dead_detective": roles["detective"][1].user,
            "moderator": moderator_of(game),
            "other_game_detective": others["detective"][0].user,
            "spectator": UserFactory(),
            "anonymous": None,
        },
    )


N, R, P = Access.NONE, Access.READ, Access.POST
NOTHING = dict.fromkeys(SPECTATED_BOARDS, N)
RUNNING = {
    "mafia": {TS: P, MAFIAS: P, DETECTIVES: N, HEALERS: N, GY: N, SP: N},
    "detective": {TS: P, MAFIAS: N, DETECTIVES: P, HEALERS: N, GY: N, SP: N},
    "healer": {TS: P, MAFIAS: N, DETECTIVES: N, HEALERS: P, GY: N, SP: N},
    "commoner": {TS: P, MAFIAS: N, DETECTIVES: N, HEALERS: N, GY: N, SP: N},
    "dead_detective": {TS: R, MAFIAS: N, DETECTIVES: N, HEALERS: N, GY: P, SP: P},
    "moderator": dict.fromkeys(SPECTATED_BOARDS, P),
    "other_game_detective": NOTHING,
    "spectator": NOTHING,
    "watcher": {**NOTHING, TS: R, SP: P},
    "other_game_watcher": NOTHING,
    "anonymous": NOTHING,
}
PARTICIPANT_AFTER_END = {TS: P, MAFIAS: R, DETECTIVES: R, HEALERS: R, GY: R, SP: R}
FINISHED = {
    **{name: PARTICIPANT_AFTER_END for name in list(RUNNING)[:5]},
    **{name: RUNNING[name] for name in list(RUNNING)[5:]},
    "watcher": {**NOTHING, TS: R, SP: R},
}


def observed_read(client: Client, game: Game, key: str) -> bool:
    response = client.get(reverse("forums:board_detail", args=[game.pk, key]))
    assert response.status_code in (200, 302, 404)
    return response.status_code == 200


def observed_post(client: Client, game: Game, key: str) -> int:
    before = Thread.objects.count()
    response = client.post(
        reverse("forums:board_detail", args=[game.pk, key]), {"title": "Plan", "body": "Hi"}
    )
    if response.status_code == 302 and Thread.objects.count() > before:
        return 201
    assert Thread.objects.count() == before
    return response.status_code


def expected_post_status(access: Access, viewer: str) -> int:
    if access == P:
        return 201
    if viewer == "anonymous":
        return 302
    return 403 if access == R else 404


def test_an_hp_game_has_a_board_for_each_group_and_no_den():
    game, _ = hp_game(5)
    rows = Board.objects.filter(game=game)
    assert sorted(b.key for b in rows) == sorted(BOARDS)
    assert {b.group for b in rows if b.kind == GROUP_BOARD} == {MAFIAS, DETECTIVES, HEALERS}
    assert not rows.filter(kind="mafia_den").exists()


@pytest.mark.parametrize("phase", ["running", "finished"])
@pytest.mark.parametrize("viewer", list(RUNNING))
def test_each_group_reads_its_own_board_alone(phase, viewer):
    cast = make_hp_cast(spectated=True)
    if phase == "finished":
        finish(cast.game)
    table = (RUNNING if phase == "running" else FINISHED)[viewer]
    user = cast.users[viewer]
    fv = forum_viewer_for(user or AnonymousUser(), cast.game)
    client = client_for(user) if user is not None else Client()
    for key in SPECTATED_BOARDS:
        assert board_access(fv, key) == table[key], key
        assert observed_read(client, cast.game, key) == (table[key] >= R), key
        assert observed_post(client, cast.game, key) == expected_post_status(table[key], viewer)


def test_the_board_list_shows_a_player_their_groups_boards_only():
    cast = make_hp_cast()
    names = {
        viewer: [str(s.board) for s in board_list(forum_viewer_for(cast.users[viewer], cast.game))]
        for viewer in ("detective", "healer", "mafia", "commoner", "moderator")
    }
    assert names == {
        "detective": ["Town Square", "Detectives"],
        "healer": ["Town Square", "Healers"],
        "mafia": ["Town Square", "Mafias"],
        "commoner": ["Town Square"],
        "moderator": ["Town Square", "Mafias", "Detectives", "Healers", "Graveyard"],
    }
    page = client_for(cast.users["healer"]).get(reverse("forums:board_list", args=[cast.game.pk]))
    text = page.content.decode()
    assert "Healers" in text and "Detectives" not in text and "Mafias" not in text


def test_a_detectives_thread_and_posts_are_not_found_by_the_others():
    cast = make_hp_cast()
    thread = thread_create(
        game_id=cast.game.pk, board_kind=DETECTIVES, by=cast.users["detective"],
        title="Whom to test", body="Test the quiet one, sesame", now=NOW,
    )  # fmt: skip
    detective = client_for(cast.users["detective"])
    assert detective.get(reverse("forums:thread_detail", args=[thread.pk])).status_code == 200
    for viewer in ("mafia", "healer", "commoner", "dead_detective", "other_game_detective"):
        client = client_for(cast.users[viewer])
        assert client.get(reverse("forums:thread_detail", args=[thread.pk])).status_code == 404
        assert client.get(f"/api/v1/forums/threads/{thread.pk}/posts").status_code == 404
        found = client.get(reverse("forums:search", args=[cast.game.pk]), {"q": "sesame"})
        assert "sesame" not in found.content.decode().replace('value="sesame"', "")
        answer = client.post(
            f"/api/v1/forums/threads/{thread.pk}/posts",
            json.dumps({"body": "let me in"}),
            content_type="application/json",
        )
        assert answer.status_code == 404
    moderator = client_for(cast.users["moderator"])
    assert moderator.get(reverse("forums:thread_detail", args=[thread.pk])).status_code == 200


def test_the_api_lists_a_players_own_groups_and_their_boards():
    cast = make_hp_cast()

    def groups(viewer: str) -> list:
        user = cast.users[viewer]
        client = client_for(user) if user is not None else Client()
        answer = client.get(f"/api/v1/forums/games/{cast.game.pk}/groups")
        return answer.json() if answer.status_code == 200 else answer.status_code

    assert groups("detective") == [
        {
            "code": DETECTIVES,
            "title": "Detectives",
            "board_key": DETECTIVES,
            "may_read": True,
            "may_post": True,
        }
    ]
    assert [g["code"] for g in groups("healer")] == [HEALERS]
    assert groups("commoner") == []
    dead = groups("dead_detective")
    assert [(g["code"], g["may_read"]) for g in dead] == [(DETECTIVES, False)]
    assert [g["code"] for g in groups("moderator")] == [MAFIAS, DETECTIVES, HEALERS]
    assert groups("other_game_detective") == 404
    assert groups("anonymous") in (401, 404)
    boards = client_for(cast.users["detective"]).get(f"/api/v1/forums/games/{cast.game.pk}/boards")
    assert [(b["kind"], b["key"]) for b in boards.json()] == [(TS, TS), (GROUP_BOARD, DETECTIVES)]


def test_an_hp_mafia_has_no_den_to_read_or_to_add_players_to():
    cast = make_hp_cast()
    mafia = client_for(cast.users["mafia"])
    assert not observed_read(mafia, cast.game, "mafia_den")
    commoner = Player.objects.get(game=cast.game, user=cast.users["commoner"])
    answer = mafia.post(
        f"/api/v1/forums/games/{cast.game.pk}/den/members",
        json.dumps({"player_id": commoner.pk}),
        content_type="application/json",
    )
    assert answer.status_code == 404


def queries(client: Client, url: str) -> int:
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def group_page_costs(size: int, threads: int) -> list[int]:
    game, roles = hp_game(size)
    detective = roles["detective"][0]
    for number in range(threads):
        author = roles["detective"][number % len(roles["detective"])]
        thread_create(
            game_id=game.pk, board_kind=DETECTIVES, by=author.user, title=f"T{number}",
            body=f"@{detective.name} test someone", now=NOW,
        )  # fmt: skip
    client = client_for(detective.user)
    thread = Thread.objects.filter(board__game=game, board__group=DETECTIVES).first()
    urls = [
        reverse("forums:board_list", args=[game.pk]),
        reverse("forums:board_detail", args=[game.pk, DETECTIVES]),
        reverse("forums:thread_detail", args=[thread.pk]),
        f"/api/v1/forums/games/{game.pk}/groups",
    ]
    return [queries(client, url) for url in urls]


def test_group_board_pages_cost_the_same_at_10_and_60_players():
    assert group_page_costs(10, 2) == group_page_costs(60, 30)


def test_the_dens_of_games_played_before_join_the_mafias_group():
    migration = importlib.import_module("forums.migrations.0010_board_groups")
    game, (mafia, *_) = running_game(3)
    Board.objects.filter(game=game, kind="mafia_den").update(group="")
    den = reverse("forums:board_detail", args=[game.pk, "mafia_den"])
    assert client_for(mafia.user).get(den).status_code == 200  # a Den the old release wrote
    migration.dens_join_their_group(django_apps, None)
    assert Board.objects.get(game=game, kind="mafia_den").group == "mafia"
    assert client_for(mafia.user).get(den).status_code == 200


def test_a_group_board_is_written_through_the_api_by_its_members_alone():
    cast = make_hp_cast()
    path = f"/api/v1/forums/games/{cast.game.pk}/boards/{HEALERS}/threads"
    body = json.dumps({"title": "Heal whom", "body": "The loud one"})

    def start(viewer: str) -> int:
        client = client_for(cast.users[viewer])
        return client.post(path, body, content_type="application/json").status_code

    outsiders = ("detective", "mafia", "commoner", "other_game_detective")
    assert {viewer: start(viewer) for viewer in outsiders} == dict.fromkeys(outsiders, 404)
    assert start("healer") == 201
    listed = client_for(cast.users["moderator"]).get(path).json()
    assert [t["title"] for t in listed] == ["Heal whom"]
    assert client_for(cast.users["detective"]).get(path).status_code == 404
