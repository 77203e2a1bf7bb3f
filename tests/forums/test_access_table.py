"""The board table of R51, cell by cell: board × viewer × action, in a running game and after
its end; then the same user before and after a death and a conscription. The game is open to
spectators, with their board: a spectator of it (`watcher`) reads Town Square and shares the
spectators' board with the dead; a spectator of another game sees nothing (docs/spectators.md)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from forums.access import Access, board_access, forum_viewer_for
from forums.models import Thread
from tests.conftest import client_for
from tests.forums.helpers import VIEWERS, conscript, finish, kill, make_cast

TS, DEN, GY, SP = "town_square", "mafia_den", "graveyard", "spectators"
BOARDS = (TS, DEN, GY, SP)
N, R, P = Access.NONE, Access.READ, Access.POST
NOTHING = dict.fromkeys(BOARDS, N)

RUNNING = {
    "alive_townie": {TS: P, DEN: N, GY: N, SP: N},
    "alive_mafia": {TS: P, DEN: P, GY: N, SP: N},
    "conscript": {TS: P, DEN: P, GY: N, SP: N},
    "den_added": {TS: P, DEN: P, GY: N, SP: N},
    "dead_townie": {TS: R, DEN: N, GY: P, SP: P},
    "dead_mafia": {TS: R, DEN: N, GY: P, SP: P},
    "moderator": dict.fromkeys(BOARDS, P),
    "other_game_player": NOTHING,
    "spectator": NOTHING,
    "watcher": {TS: R, DEN: N, GY: N, SP: P},
    "other_game_watcher": NOTHING,
    "anonymous": NOTHING,
}
PARTICIPANT_AFTER_END = {TS: P, DEN: R, GY: R, SP: R}
FINISHED = {
    **{name: PARTICIPANT_AFTER_END for name in VIEWERS[:6]},
    "moderator": dict.fromkeys(BOARDS, P),
    "other_game_player": NOTHING,
    "spectator": NOTHING,
    "watcher": {TS: R, DEN: N, GY: N, SP: R},
    "other_game_watcher": NOTHING,
    "anonymous": NOTHING,
}
TABLES = {"running": RUNNING, "finished": FINISHED}
CELLS = [(phase, viewer, board) for phase in TABLES for viewer in VIEWERS for board in BOARDS]


def _client(cast, name: str) -> Client:
    user = cast.user(name)
    return client_for(user) if user is not None else Client()


def observed_read(client: Client, cast, board: str) -> bool:
    response = client.get(reverse("forums:board_detail", args=[cast.game.pk, board]))
    assert response.status_code in (200, 302, 404)
    return response.status_code == 200


def observed_post(client: Client, cast, board: str) -> int:
    before = Thread.objects.count()
    response = client.post(
        reverse("forums:board_detail", args=[cast.game.pk, board]),
        {"title": "A thread", "body": "Hello"},
    )
    created = Thread.objects.count() - before
    if response.status_code == 302 and created:
        return 201
    assert created == 0
    return response.status_code


def expected_post_status(access: Access, viewer: str) -> int:
    if access == P:
        return 201
    if viewer == "anonymous":
        return 302  # to the login page
    return 403 if access == R else 404


@pytest.mark.parametrize(("phase", "viewer", "board"), CELLS)
def test_the_board_table_decides_each_cell(db, phase, viewer, board):
    cast = make_cast()
    if phase == "finished":
        finish(cast.game)
    expected = TABLES[phase][viewer][board]
    user = cast.user(viewer)
    from django.contrib.auth.models import AnonymousUser

    fv = forum_viewer_for(user or AnonymousUser(), cast.game)
    assert board_access(fv, board) == expected
    client = _client(cast, viewer)
    assert observed_read(client, cast, board) == (expected >= R)
    assert observed_post(client, cast, board) == expected_post_status(expected, viewer)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize(
    ("viewer", "event", "after"),
    [
        ("alive_townie", "death", "dead_townie"),
        ("alive_mafia", "death", "dead_mafia"),
        ("conscript", "death", "dead_mafia"),
        ("den_added", "death", "dead_townie"),
        ("alive_townie", "conscription", "conscript"),
    ],
)
def test_access_changes_on_the_very_next_request(db, board, viewer, event, after):
    cast = make_cast()
    client = _client(cast, viewer)
    assert observed_read(client, cast, board) == (RUNNING[viewer][board] >= R)
    player = cast.players[viewer]
    if event == "death":
        kill(player)
    else:
        conscript(player)
    assert observed_read(client, cast, board) == (RUNNING[after][board] >= R)
    assert observed_post(client, cast, board) == expected_post_status(RUNNING[after][board], viewer)


def test_a_dead_player_posting_in_town_square_is_told_why(db):
    cast = make_cast()
    response = client_for(cast.dead_townie).post(
        reverse("forums:board_detail", args=[cast.game.pk, TS]), {"title": "t", "body": "b"}
    )
    assert response.status_code == 403
    assert "Dead players tell no tales" in response.content.decode()
