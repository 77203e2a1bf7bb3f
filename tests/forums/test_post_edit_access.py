"""Editing is for the author within the edit window; a deleted post's text is for the moderators
only, everywhere (R51): the edit page never shows it to anyone else."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from forums.services import post_delete, thread_create
from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.forums.helpers import LATER

pytestmark = pytest.mark.django_db
SECRET = "role claim: investigator"


@pytest.fixture
def post_and_players():
    game, players = running_game(6, mafia=2)
    thread = thread_create(
        game_id=game.pk,
        board_kind="town_square",
        by=players[2].user,
        title="Claims",
        body=SECRET,
        now=LATER,
    )
    return game, thread.posts.get(), players


def edit_page(user, post):
    with time_machine.travel(LATER + dt.timedelta(minutes=1), tick=False):
        return client_for(user).get(reverse("forums:post_edit", args=[post.pk]))


def test_a_deleted_posts_text_is_not_on_anyones_edit_page(post_and_players):
    game, post, players = post_and_players
    post_delete(post_id=post.pk, by=moderator_of(game), reason="screenshots", now=LATER)

    for user in (players[3].user, players[2].user):
        response = edit_page(user, post)
        assert response.status_code == 404
        assert SECRET not in response.content.decode()


def test_only_the_author_gets_the_edit_page(post_and_players):
    game, post, players = post_and_players
    assert edit_page(players[3].user, post).status_code == 404
    assert edit_page(moderator_of(game), post).status_code == 404
    mine = edit_page(players[2].user, post)
    assert mine.status_code == 200 and SECRET in mine.content.decode()


def test_the_edit_page_closes_with_the_edit_window(post_and_players):
    _, post, players = post_and_players
    with time_machine.travel(LATER + dt.timedelta(minutes=11), tick=False):
        response = client_for(players[2].user).get(reverse("forums:post_edit", args=[post.pk]))
    assert response.status_code == 404
