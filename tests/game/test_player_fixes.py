"""What players and moderators read: nothing misleading, no raw codes, the game's time."""

import datetime as dt

import pytest
from django.urls import reverse

from forums.services import thread_create
from tests.conftest import client_for
from tests.factories import START, moderator_of, running_game
from tests.game.helpers import vote

pytestmark = pytest.mark.django_db


def test_the_running_tally_calls_the_leader_leading_not_executed_before_the_day_ends():
    game, players = running_game(5)
    for voter in players[1:4]:
        vote(game, voter, players[0])
    page = client_for(moderator_of(game)).get(reverse("vote_tally", args=[game.pk]))
    text = page.content.decode()
    assert 'class="badge">leading<' in text
    assert ">executed<" not in text


def test_notifications_show_the_games_time_not_utc():
    game, players = running_game(5)
    reader = players[1]
    thread_create(
        game_id=game.pk,
        board_kind="town_square",
        by=players[0].user,
        title="Hi",
        body=f"@{reader.name} hello",
        now=START + dt.timedelta(hours=1),
    )
    page = client_for(reader.user).get(reverse("forums:notification_list")).content.decode()
    assert "11:00 AM EDT" in page and "3:00 PM" not in page
