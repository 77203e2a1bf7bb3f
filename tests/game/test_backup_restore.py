"""`manage.py backup` and `restore` (docs/operations.md): a backup made in the middle of a game
brings the game back whole, its database rows and its uploaded photos. PostgreSQL only: the
backup is pg_dump's."""

import pytest
from django.core.management import call_command
from django.db import connection

from game.models import DueEvent, Game, LogEntry, Player, Vote
from tests.factories import running_game
from tests.game.helpers import vote

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="backups are made with pg_dump (PostgreSQL)"
    ),
]


def game_state(game_id: int) -> dict:
    return {
        "game": list(Game.objects.filter(pk=game_id).values("status", "current_day")),
        "players": list(Player.objects.filter(game_id=game_id).values("name", "role", "alive")),
        "votes": list(Vote.objects.filter(game_id=game_id).values("voter_id", "target_id")),
        "log": LogEntry.objects.filter(game_id=game_id).count(),
        "due": list(DueEvent.objects.filter(game_id=game_id).values("key", "due_at", "done_at")),
    }


def test_a_mid_game_backup_restores_the_game_and_its_photos(tmp_path, settings):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    photo = tmp_path / "media" / "photos" / "player.jpg"
    photo.parent.mkdir(parents=True)
    photo.write_bytes(b"\xff\xd8 a photo")
    game, players = running_game(5)
    vote(game, players[1], players[2])
    vote(game, players[3], players[2])
    before = game_state(game.pk)
    call_command("backup", str(tmp_path / "backup"))
    Game.objects.filter(pk=game.pk).delete()
    photo.unlink()
    assert game_state(game.pk)["players"] == []
    call_command("restore", str(tmp_path / "backup"))
    assert game_state(game.pk) == before
    assert photo.read_bytes() == b"\xff\xd8 a photo"
