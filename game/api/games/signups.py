"""Sign-ups: joining a game, a sign-up's removal, and closing them."""

from ninja import Status

from game.api.core import Message, ReasonIn, now
from game.api.games.base import games_router
from game.api.games.schemas import PlayerOut, SignupIn
from game.permissions import game_for, moderated_game_for, require
from game.services.lobby import signups


@games_router.post(
    "/games/{game_id}/signups",
    response={201: PlayerOut},
    operation_id="signup_create",
    tags=["signups"],
)
def signup_create_op(request, game_id: int, payload: SignupIn):
    game_for(request.user, game_id)
    player = signups.signup_create(game_id=game_id, user=request.user, now=now(), **payload.dict())
    return Status(201, player)


@games_router.delete(
    "/games/{game_id}/signups/{int:player_id}",
    response=Message,
    operation_id="signup_remove",
    tags=["signups"],
)
def signup_remove_op(request, game_id: int, player_id: int, payload: ReasonIn | None = None):
    _, viewer = game_for(request.user, game_id)
    own = viewer.player is not None and viewer.player.pk == player_id
    require(own or viewer.is_moderator)
    signups.signup_remove(
        game_id=game_id,
        player_id=player_id,
        by=request.user,
        now=now(),
        reason=payload.reason if payload else "",
    )
    return {"detail": "Sign-up removed."}


@games_router.post(
    "/games/{game_id}/signups/close",
    response=Message,
    operation_id="signups_close",
    tags=["signups"],
)
def signups_close_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    signups.signups_set_open(game_id=game_id, by=request.user, open=False, now=now())
    return {"detail": "Sign-ups are closed."}
