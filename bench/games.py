"""The benchmark's games, built in bulk through the services (Django must be set up)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from game.models import Game, Player, User
from game.rulesets.live_action.roles import Role
from game.services.lobby.games import game_create
from game.services.lobby.setup import game_start

MAFIA = 5
UNUSABLE_PASSWORD = "!"  # noqa: S105 (Django's marker for "no password")


def reset_database() -> None:
    if connection.vendor == "sqlite":
        connection.close()
        for suffix in ("", "-wal", "-shm"):
            Path(str(connection.settings_dict["NAME"]) + suffix).unlink(missing_ok=True)
    call_command("migrate", verbosity=0)


def build_game(
    size: int, tag: str, *, days_ago: int = 0, started: bool = True
) -> tuple[Game, list[Player]]:
    """A started game of `size` players, the first five mafia, built in bulk (still taking
    sign-ups, roles set, when not `started`)."""
    moderator = User.objects.create(username=f"bench-{tag}-mod")
    game = game_create(created_by=moderator, name=f"Bench {tag}", now=timezone.now())
    users = User.objects.bulk_create(
        User(username=f"bench-{tag}-{i}", password=UNUSABLE_PASSWORD) for i in range(size)
    )
    Player.objects.bulk_create(
        Player(
            game=game,
            user=user,
            name=f"{tag}-{i}",
            role=Role.MAFIA if i < MAFIA else Role.TOWNIE,
        )
        for i, user in enumerate(users)
    )
    if started:
        game_start(game_id=game.pk, by=moderator, now=timezone.now() - dt.timedelta(days=days_ago))
    return Game.objects.get(pk=game.pk), list(game.players.order_by("id"))
