"""Watching a game (docs/spectators.md): a signed-in person outside a running game that its
moderators open to spectators starts and stops following it. The row stays when they stop, so
that they may not join the game they watched (game.permissions.spectators)."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError, NotFoundError
from game.models import Game, Spectator, User, Visibility
from game.permissions import can_offer_watching, viewer_for, watch_refusal
from game.services.live_channel import access_changed
from game.services.locking import lock_game
from game.services.log import log_append

NO_SUCH_GAME = "There is no such game."


@transaction.atomic
def spectate_start(*, game_id: int, by: User, now: dt.datetime) -> Spectator:
    """`by` follows the game from now on: its public boards and announcements, and the
    spectators' board where the moderators have one."""
    game = lock_game(game_id)
    viewer = viewer_for(by, game)
    if not can_offer_watching(viewer):
        raise NotFoundError(NO_SUCH_GAME)
    refusal = watch_refusal(viewer)
    if refusal:
        raise GameRuleError(refusal)
    spectator, created = Spectator.objects.get_or_create(
        game=game, user=by, defaults={"started_at": now}
    )
    if not created:
        spectator.started_at, spectator.stopped_at = now, None
        spectator.save(update_fields=["started_at", "stopped_at"])
    _logged(game, by, now, f"{by.public_name} started watching the game.")
    return spectator


@transaction.atomic
def spectate_stop(*, game_id: int, by: User, now: dt.datetime) -> Spectator:
    """`by` stops following the game; their open pages of it close at once. They still may not
    join it while it runs."""
    game = lock_game(game_id)
    spectator = Spectator.objects.filter(game=game, user=by, stopped_at__isnull=True).first()
    if spectator is None or not viewer_for(by, game).is_spectator:
        raise NotFoundError(NO_SUCH_GAME)
    spectator.stopped_at = now
    spectator.save(update_fields=["stopped_at"])
    access_changed([by.pk])
    _logged(game, by, now, f"{by.public_name} stopped watching the game.")
    return spectator


def spectators_access_changed(game: Game) -> None:
    """The moderators opened or closed the game, or its spectators' board, to spectators: the
    open streams of its spectators and of its dead end, to be checked anew on reconnect."""
    watchers = Spectator.objects.filter(game=game).values_list("user_id", flat=True)
    dead = game.players.filter(alive=False).values_list("user_id", flat=True)
    access_changed([*watchers, *dead])


def _logged(game: Game, by: User, now: dt.datetime, text: str) -> None:
    log_append(
        game=game,
        kind="spectators",
        text=text,
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
