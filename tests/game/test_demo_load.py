"""The demo game (make run) has some day-1 votes, and loading it again changes nothing."""

import io

import pytest
from django.core.management import call_command

from game.models import Vote

pytestmark = pytest.mark.django_db


def test_the_demo_game_has_day_one_votes_and_loading_twice_adds_none():
    call_command("demo_load", stdout=io.StringIO())
    votes = Vote.objects.count()
    call_command("demo_load", stdout=io.StringIO())
    assert votes >= 5 and Vote.objects.count() == votes
    assert Vote.objects.filter(target__isnull=True).exists()
