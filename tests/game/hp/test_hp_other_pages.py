"""The app's other game pages answer an HP game without a server error, for its players and its
moderator, while it runs and once it is over."""

import datetime as dt

import pytest
from django.urls import reverse

from game.models import Player
from game.services.lobby.setup import game_start, roles_assign
from tests.conftest import client_for
from tests.factories import make_game, moderator_of, sign_up

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 26, 20, 0, tzinfo=dt.UTC)
PAGES = [
    "game_detail",
    "role_card",
    "game_log",
    "night",
    "vote",
    "vote_tally",
    "game_over",
    "game_rules",
    "deaths",
    "introductions",
    "mod_dashboard",
    "mod_queue",
    "hp_game",
]


def test_every_game_page_answers_an_hp_game_without_a_server_error():
    game = make_game(ruleset="hp")
    sign_up(game, 5)
    moderator = moderator_of(game)
    roles_assign(game_id=game.pk, by=moderator, now=NOW)
    game_start(game_id=game.pk, by=moderator, now=NOW)
    player = Player.objects.filter(game=game).first()
    for user in (moderator, player.user):
        client = client_for(user)
        for name in PAGES:
            status = client.get(reverse(name, args=[game.pk])).status_code
            assert status < 500, (name, status)
