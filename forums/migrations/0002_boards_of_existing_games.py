"""Boards are created with their game and no longer on the first read: give the games created
before that their three boards."""

from django.db import migrations

BOARD_KINDS = ("town_square", "mafia_den", "graveyard")


def boards_create(apps, schema_editor):
    Board = apps.get_model("forums", "Board")
    Game = apps.get_model("game", "Game")
    game_ids = Game.objects.values_list("pk", flat=True)
    Board.objects.bulk_create(
        [Board(game_id=game_id, kind=kind) for game_id in game_ids for kind in BOARD_KINDS],
        ignore_conflicts=True,
        batch_size=500,
    )


class Migration(migrations.Migration):
    dependencies = [("forums", "0001_initial")]

    operations = [migrations.RunPython(boards_create, migrations.RunPython.noop)]
