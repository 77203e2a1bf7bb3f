"""Text PostgreSQL cannot store (a NUL character, a lone surrogate) is refused with a 400 that
names the field, in forms and API bodies alike, and nothing is written (issue: "500s on text that
PostgreSQL refuses"). The middleware decides for every input; these tests run on whichever
database the suite uses, and the 500s they guard against were PostgreSQL's."""

import datetime as dt
import json

import pytest
from django.test import Client
from django.utils import timezone

from forums.models import Post, Thread
from forums.services import thread_create
from game.models import Player, Vote
from tests.conftest import client_for
from tests.factories import UserFactory, make_game, running_game
from tests.forums.helpers import LATER

pytestmark = pytest.mark.django_db

NUL = "a\u0000b"
# A lone surrogate can only travel as a JSON escape: json.dumps writes it so.
LONE_SURROGATE = "\ud800x"


def live_game(size: int):
    game, players = running_game(size)
    game.days.update(ends_at=timezone.now() + dt.timedelta(hours=6))
    game.due_events.update(due_at=timezone.now() + dt.timedelta(hours=6))
    return game, players


def post_json(client: Client, url: str, data: dict, method: str = "post"):
    return getattr(client, method)(url, json.dumps(data), content_type="application/json")


@pytest.mark.parametrize("text", [NUL, LONE_SURROGATE], ids=["nul", "lone-surrogate"])
def test_a_vote_note_that_cannot_be_stored_is_refused_by_the_api(text):
    game, (_, voter, target, *_) = live_game(4)
    response = post_json(
        client_for(voter.user),
        f"/api/v1/games/{game.pk}/votes",
        {"target_id": target.pk, "note": text},
    )
    assert response.status_code == 400
    assert "“note”" in response.json()["detail"]
    assert "cannot be stored" in response.json()["detail"]
    assert not Vote.objects.exists()


@pytest.mark.parametrize("text", [NUL, LONE_SURROGATE], ids=["nul", "lone-surrogate"])
def test_a_forum_post_that_cannot_be_stored_is_refused_by_the_api(text):
    game, players = running_game(4)
    thread = thread_create(
        game_id=game.pk, board_kind="town_square", by=players[1].user, title="t", body="b",
        now=LATER,
    )  # fmt: skip
    response = post_json(
        client_for(players[1].user), f"/api/v1/forums/threads/{thread.pk}/posts", {"body": text}
    )
    assert response.status_code == 400 and "“body”" in response.json()["detail"]
    assert Post.objects.filter(thread=thread).count() == 1


def test_a_thread_title_nested_anywhere_in_the_body_is_checked():
    game, players = running_game(4)
    response = post_json(
        client_for(players[1].user),
        f"/api/v1/forums/games/{game.pk}/boards/town_square/threads",
        {"title": "fine", "body": "fine", "extra": [{"deep": NUL}]},
    )
    assert response.status_code == 400 and "“deep”" in response.json()["detail"]
    assert not Thread.objects.filter(title="fine").exists()


def test_a_signup_introduction_with_a_nul_is_refused_by_the_api():
    game = make_game()
    response = post_json(
        client_for(UserFactory()),
        f"/api/v1/games/{game.pk}/signups",
        {"introduction": NUL, "name": "n"},
    )
    assert response.status_code == 400 and "“introduction”" in response.json()["detail"]
    assert not Player.objects.filter(game=game).exists()


def test_a_forum_post_form_with_a_nul_is_refused_and_nothing_is_written():
    game, players = running_game(4)
    thread = thread_create(
        game_id=game.pk, board_kind="town_square", by=players[1].user, title="t", body="b",
        now=LATER,
    )  # fmt: skip
    response = client_for(players[1].user).post(f"/forums/threads/{thread.pk}/", {"body": NUL})
    assert response.status_code == 400
    assert "“body”" in response.content.decode()
    assert Post.objects.filter(thread=thread).count() == 1


def test_a_vote_form_note_with_a_nul_is_refused():
    game, (_, voter, target, *_) = live_game(4)
    response = client_for(voter.user).post(
        f"/games/{game.pk}/vote/", {"target": target.pk, "note": NUL}
    )
    assert response.status_code == 400
    assert not Vote.objects.exists()


def test_a_nul_in_the_query_string_is_refused():
    game, players = running_game(4)
    response = client_for(players[1].user).get(f"/forums/games/{game.pk}/search/", {"q": NUL})
    assert response.status_code == 400


def test_ordinary_text_with_accents_and_an_emoji_sent_as_a_surrogate_pair_passes():
    game, (_, voter, target, *_) = live_game(4)
    response = post_json(
        client_for(voter.user),
        f"/api/v1/games/{game.pk}/votes",
        {"target_id": target.pk, "note": "Ça va 😀"},
    )
    assert response.status_code == 201
    assert Vote.objects.get().note == "Ça va 😀"
