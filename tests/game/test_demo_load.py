"""The demo game (make run) has some day-1 votes, and loading it again changes nothing."""

import io
from collections import Counter

import pytest
from django.core.management import call_command

from game.demo import DEMO_GAME
from game.models import Game, Vote
from game.rulesets.live_action import LIVE_ACTION

pytestmark = pytest.mark.django_db


def test_the_demo_game_has_day_one_votes_and_loading_twice_adds_none():
    call_command("demo_load", stdout=io.StringIO())
    votes = Vote.objects.count()
    call_command("demo_load", stdout=io.StringIO())
    assert votes >= 5 and Vote.objects.count() == votes
    assert Vote.objects.filter(target__isnull=True).exists()


def test_the_demo_deals_the_50_player_counts_it_sets_not_those_of_its_30_sign_ups():
    call_command("demo_load", stdout=io.StringIO())
    game = Game.objects.get(name=DEMO_GAME)
    dealt = Counter(game.players.values_list("role", flat=True))
    assert game.players.count() == 30
    assert (dealt["mafia"], dealt["serial_killer"], dealt["investigator"]) == (5, 2, 2)
    assert game.role_setup.roles == LIVE_ACTION.default_setup(50).roles
