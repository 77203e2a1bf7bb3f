"""Building forum state through the services, as the app does."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction

from forums.models import NotificationKind
from forums.services import den_member_add
from game.models import Game, GameStatus, Player, User
from game.rulesets.live_action import DeathCause
from game.services.killing.deaths import player_die
from game.services.lobby.games import game_settings_update
from game.services.lobby.spectators import spectate_start
from game.services.locking import lock_game
from game.services.mafia_powers.conscription import conscripted
from tests.factories import START, UserFactory, moderator_of, running_game

LATER = START + dt.timedelta(hours=2)


def kill(player: Player, *, at: dt.datetime = LATER, cause: DeathCause = DeathCause.KILL) -> None:
    with transaction.atomic():
        game = lock_game(player.game_id)
        player.refresh_from_db()
        player_die(game=game, player=player, at=at, cause=cause)
    player.refresh_from_db()


def conscript(player: Player, *, at: dt.datetime = LATER) -> None:
    """Conscription's effect alone (the cast holds more conscripts than the one charge of
    R39 gives; the power itself is tested in tests/game/test_conscript.py)."""
    with transaction.atomic():
        game = lock_game(player.game_id)
        player.refresh_from_db()
        conscripted(game=game, player=player, now=at)
    player.refresh_from_db()


def finish(game: Game, *, at: dt.datetime = LATER) -> None:
    """The game ends (the win check that ends it belongs to the win-condition feature)."""
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED, finished_at=at)
    game.refresh_from_db()


@dataclass
class Cast:
    """One running game with a viewer of every kind the access table knows."""

    game: Game
    moderator: User
    alive_townie: User
    alive_mafia: User
    conscript: User
    den_added: User
    dead_townie: User
    dead_mafia: User
    other_game_player: User
    spectator: User
    watcher: User
    other_game_watcher: User
    players: dict[str, Player]

    def user(self, name: str) -> User | None:
        return None if name == "anonymous" else getattr(self, name)


VIEWERS = [
    "alive_townie",
    "alive_mafia",
    "conscript",
    "den_added",
    "dead_townie",
    "dead_mafia",
    "moderator",
    "other_game_player",
    "spectator",
    "watcher",
    "other_game_watcher",
    "anonymous",
]


def make_cast(size: int = 8) -> Cast:
    game, players = running_game(size, mafia=2)
    mafia, doomed_mafia, townie, conscripted, added, doomed_townie = players[:6]
    conscript(conscripted)
    den_member_add(game_id=game.pk, by=mafia.user, player_id=added.pk, now=LATER)
    kill(doomed_townie)
    kill(doomed_mafia)
    _, others = running_game(2)
    watcher, other_game_watcher = UserFactory(), UserFactory()
    for watched, user in ((game, watcher), (others[0].game, other_game_watcher)):
        watched_by(watched, user)
    game.refresh_from_db()
    return Cast(
        game=game,
        moderator=moderator_of(game),
        alive_townie=townie.user,
        alive_mafia=mafia.user,
        conscript=conscripted.user,
        den_added=added.user,
        dead_townie=doomed_townie.user,
        dead_mafia=doomed_mafia.user,
        other_game_player=others[0].user,
        spectator=UserFactory(),
        watcher=watcher,
        other_game_watcher=other_game_watcher,
        players={
            "alive_townie": townie,
            "alive_mafia": mafia,
            "conscript": conscripted,
            "den_added": added,
            "dead_townie": doomed_townie,
            "dead_mafia": doomed_mafia,
        },
    )


def watched_by(game: Game, user: User, *, board: bool = True) -> None:
    """The moderators open `game` to spectators (and their board) and `user` watches it."""
    changes = {"spectators_allowed": True, "spectators_board": board}
    game_settings_update(game_id=game.pk, by=moderator_of(game), now=LATER, **changes)
    spectate_start(game_id=game.pk, by=user, now=LATER)
    game.refresh_from_db()


# What every player hears when the game starts (forums.services.waiting_notices).
START_KINDS = (NotificationKind.GAME_STARTED, NotificationKind.ROLE_DEALT)
