"""A game's boards are written with the game, never by a read."""

import importlib

import pytest
from django.apps import apps as django_apps

from forums.access import forum_viewer_for
from forums.models import Board, BoardKind
from forums.selectors.boards import board_list
from tests.factories import make_game, moderator_of

pytestmark = pytest.mark.django_db


# R51's boards; the spectators' board comes only when the moderators switch it on.
R51_BOARDS = [BoardKind.GRAVEYARD, BoardKind.MAFIA_DEN, BoardKind.TOWN_SQUARE]


def test_a_new_game_has_its_three_boards():
    game = make_game()
    assert sorted(Board.objects.filter(game=game).values_list("kind", flat=True)) == R51_BOARDS


def test_listing_the_boards_writes_nothing():
    game = make_game()
    Board.objects.filter(game=game, kind=BoardKind.GRAVEYARD).delete()
    fv = forum_viewer_for(moderator_of(game), game)
    summaries = board_list(fv)
    assert [s.board.kind for s in summaries] == [BoardKind.TOWN_SQUARE, BoardKind.MAFIA_DEN]
    assert not Board.objects.filter(game=game, kind=BoardKind.GRAVEYARD).exists()


def test_the_games_created_before_get_their_boards_from_the_migration():
    migration = importlib.import_module("forums.migrations.0002_boards_of_existing_games")
    game = make_game()
    Board.objects.filter(game=game).exclude(kind=BoardKind.TOWN_SQUARE).delete()
    migration.boards_create(django_apps, None)
    migration.boards_create(django_apps, None)
    assert Board.objects.filter(game=game).count() == len(R51_BOARDS)
