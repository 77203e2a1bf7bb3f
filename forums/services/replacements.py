"""Replacements in the forums (docs/forum-play.md): the substitute takes the slot
(game.services.lobby.replacements), the replaced user is told, with a link to what they may
still read of the game, and the replacement is counted for the moderators of later games."""

import datetime as dt

from django.db import transaction

from forums.models import NotificationKind, Replacement, SlotActivity
from forums.services.notifications import notify
from game.models import LogEntry, Player, User
from game.services.lobby.replacements import player_replace
from game.services.locking import lock_game


@transaction.atomic
def slot_replace(
    *, game_id: int, by: User, player_id: int, substitute: str, now: dt.datetime
) -> Player:
    """`player_replace`, with the replaced user told and the replacement counted. The game is
    locked first, so that the user who leaves is the one the slot had when it changed hands."""
    lock_game(game_id)
    leaving = (
        Player.objects.filter(game_id=game_id, pk=player_id).values_list("user_id", flat=True)
        if isinstance(player_id, int)
        else Player.objects.none()
    ).first()
    player = player_replace(
        game_id=game_id, by=by, player_id=player_id, substitute=substitute, now=now
    )
    replaced = User.objects.get(pk=leaving)
    Replacement.objects.create(
        game_id=game_id,
        player=player,
        replaced_user=replaced,
        substitute_user=player.user,
        created_at=now,
    )
    # The substitute starts with a clean slate: no prods of their predecessor's silence.
    SlotActivity.objects.filter(player=player).delete()
    announced = LogEntry.objects.filter(game_id=game_id, kind="player_replaced").latest("id")
    notify(
        recipients=[replaced],
        kind=NotificationKind.REPLACED,
        target=announced,
        now=now,
        game=player.game,
    )
    return player
