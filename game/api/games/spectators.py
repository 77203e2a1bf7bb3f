"""Spectating: following a running game that its moderators open to spectators, and stopping
(docs/spectators.md). A game closed to spectators answers as a missing one."""

from ninja import Status

from game.api.core import Message, now
from game.api.games.base import games_router
from game.permissions import watched_game_for
from game.services.lobby import spectators


@games_router.post(
    "/games/{game_id}/spectators",
    response={201: Message},
    operation_id="spectate_start",
    tags=["spectators"],
)
def spectate_start_op(request, game_id: int):
    """Watch the game: its public boards, announcements and log, live; never a role, a
    private board, a vote before it is public or a notice. Whoever watched a game may not join
    it while it runs."""
    watched_game_for(request.user, game_id)
    spectators.spectate_start(game_id=game_id, by=request.user, now=now())
    return Status(201, {"detail": "You are watching this game."})


@games_router.delete(
    "/games/{game_id}/spectators/me",
    response=Message,
    operation_id="spectate_stop",
    tags=["spectators"],
)
def spectate_stop_op(request, game_id: int):
    """Stop watching the game. You still may not join it while it runs."""
    watched_game_for(request.user, game_id)
    spectators.spectate_stop(game_id=game_id, by=request.user, now=now())
    return {"detail": "You stopped watching this game."}
