import json

import pytest

from forums.services import thread_create
from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.forums.helpers import LATER, kill

OPERATIONS = {
    "board_list",
    "thread_list",
    "thread_create",
    "post_list",
    "post_create",
    "post_edit",
    "message_send",
    "conversation_list",
    "notification_list",
}


@pytest.fixture
def game_and_players(db):
    game, players = running_game(4, mafia=1)
    game.refresh_from_db()
    return game, players


def post_json(client, url, data, method="post"):
    return getattr(client, method)(url, json.dumps(data), content_type="application/json")


def test_the_forum_operations_have_stable_ids(db):
    schema = client_for(moderator_of(running_game(1)[0])).get("/api/v1/openapi.json").json()
    ids = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    assert ids >= OPERATIONS


def test_a_player_lists_boards_starts_a_thread_replies_and_edits(game_and_players):
    game, players = game_and_players
    client = client_for(players[1].user)
    boards = client.get(f"/api/v1/forums/games/{game.pk}/boards").json()
    assert [b["kind"] for b in boards] == ["town_square"]
    created = post_json(
        client,
        f"/api/v1/forums/games/{game.pk}/boards/town_square/threads",
        {"title": "Votes", "body": "Vote p-2"},
    )
    assert created.status_code == 201
    thread_id = created.json()["id"]
    reply = post_json(client, f"/api/v1/forums/threads/{thread_id}/posts", {"body": "again"})
    assert reply.status_code == 201
    edited = post_json(
        client, f"/api/v1/forums/posts/{reply.json()['id']}", {"body": "edited"}, method="patch"
    )
    assert edited.json()["body"] == "edited"
    listed = client.get(f"/api/v1/forums/threads/{thread_id}/posts").json()
    assert [p["body"] for p in listed["posts"]] == ["Vote p-2", "edited"]
    threads = client.get(f"/api/v1/forums/games/{game.pk}/boards/town_square/threads").json()
    assert threads[0]["title"] == "Votes"


def test_a_dead_player_gets_403_with_the_reason_for_a_town_square_post(game_and_players):
    game, players = game_and_players
    thread = thread_create(
        game_id=game.pk, board_kind="town_square", by=players[1].user, title="t", body="b",
        now=LATER,
    )  # fmt: skip
    kill(players[1])
    response = post_json(
        client_for(players[1].user), f"/api/v1/forums/threads/{thread.pk}/posts", {"body": "x"}
    )
    assert response.status_code == 403
    assert "Dead players tell no tales" in response.json()["detail"]


def test_a_board_the_viewer_may_not_read_answers_404(game_and_players):
    game, players = game_and_players
    response = client_for(players[1].user).get(
        f"/api/v1/forums/games/{game.pk}/boards/mafia_den/threads"
    )
    assert response.status_code == 404


def test_messages_and_notifications_through_the_api(game_and_players):
    game, players = game_and_players
    sent = post_json(
        client_for(players[1].user),
        f"/api/v1/forums/games/{game.pk}/messages",
        {"body": "hello", "recipient_ids": [players[2].pk], "subject": "Hi"},
    )
    assert sent.status_code == 201
    receiver = client_for(players[2].user)
    conversations = receiver.get(f"/api/v1/forums/games/{game.pk}/conversations").json()
    assert conversations[0]["subject"] == "Hi"
    notifications = receiver.get("/api/v1/forums/notifications").json()
    assert notifications[0]["kind"] == "message"
    assert "hello" in notifications[0]["text"]
