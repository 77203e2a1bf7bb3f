"""The router every kills and investigations operation is registered on, and the helpers they
share: the time, the acting player's checks and a shovel's answer."""

import datetime as dt

from django.utils import timezone
from ninja import Router

from game.models import ShovelUse
from game.permissions import Viewer, can_act_in_game, game_for, require

kills_router = Router(tags=["kills and investigations"])


def _now() -> dt.datetime:
    return timezone.now()


def _player_game(request, game_id: int):
    return _player_viewer(request, game_id).game


def _player_viewer(request, game_id: int) -> Viewer:
    game, viewer = game_for(request.user, game_id)
    require(can_act_in_game(viewer))
    return viewer


def _shovel_out(use: ShovelUse) -> dict:
    sent = use.status == "sent"
    return {
        "id": use.pk,
        "dead_player_id": use.dead_player_id,
        "status": use.status,
        "role": use.role if sent else None,
        "alignment": use.alignment if sent else None,
        "conscripted": use.conscripted if sent else None,
    }
