"""Shovels: their use, and the result the moderators send."""

from ninja import Status

from game.api.kills.base import _now, _player_game, _shovel_out, kills_router
from game.api.kills_schemas import ShovelIn, ShovelOut
from game.permissions import game_for, moderated_game_for
from game.selectors import investigations as investigation_selectors
from game.services.items_offices import shovels


@kills_router.post("/games/{game_id}/shovels", response={201: ShovelOut}, operation_id="shovel_use")
def shovel_use_op(request, game_id: int, payload: ShovelIn):
    _player_game(request, game_id)
    use = shovels.shovel_use(
        game_id=game_id, by=request.user, dead_player_id=payload.dead_player_id, now=_now()
    )
    return Status(201, _shovel_out(use))


@kills_router.get(
    "/games/{game_id}/shovels/{use_id}", response=ShovelOut, operation_id="shovel_result"
)
def shovel_result_op(request, game_id: int, use_id: int):
    _, viewer = game_for(request.user, game_id)
    return _shovel_out(investigation_selectors.shovel_use_for(viewer, use_id))


@kills_router.post(
    "/games/{game_id}/shovels/{use_id}/send",
    response=ShovelOut,
    operation_id="shovel_result_send",
)
def shovel_result_send_op(request, game_id: int, use_id: int):
    moderated_game_for(request.user, game_id)
    use = shovels.shovel_result_send(
        game_id=game_id, shovel_use_id=use_id, by=request.user, now=_now()
    )
    return _shovel_out(use)
