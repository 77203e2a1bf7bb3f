"""The deal and the start: roles and items assigned, set or given, and the game started."""

from game.api.core import Message, now
from game.api.games.base import games_router
from game.api.games.schemas import GameOut, ItemHolderIn, RoleSetIn
from game.permissions import moderated_game_for
from game.services.lobby import setup


@games_router.post(
    "/games/{game_id}/roles/assign", response=Message, operation_id="roles_assign", tags=["setup"]
)
def roles_assign_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    setup.roles_assign(game_id=game_id, by=request.user, now=now())
    return {"detail": "Roles dealt."}


@games_router.post(
    "/games/{game_id}/roles", response=Message, operation_id="role_set", tags=["setup"]
)
def role_set_op(request, game_id: int, payload: RoleSetIn):
    moderated_game_for(request.user, game_id)
    setup.role_set(
        game_id=game_id,
        player_id=payload.player_id,
        role=payload.role,
        partner_id=payload.partner_id,
        by=request.user,
        now=now(),
    )
    return {"detail": "Role set."}


@games_router.post(
    "/games/{game_id}/items/deal", response=Message, operation_id="items_deal", tags=["setup"]
)
def items_deal_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    setup.items_deal(game_id=game_id, by=request.user, now=now())
    return {"detail": "Items dealt."}


@games_router.post(
    "/games/{game_id}/items/{int:item_id}/holder",
    response=Message,
    operation_id="item_give",
    tags=["setup"],
)
def item_give_op(request, game_id: int, item_id: int, payload: ItemHolderIn):
    """The moderators give an item to a player, or take it back (R43, R44)."""
    moderated_game_for(request.user, game_id)
    setup.item_holder_set(
        game_id=game_id, item_id=item_id, by=request.user, now=now(), **payload.dict()
    )
    return {"detail": "Item moved."}


@games_router.post(
    "/games/{game_id}/start", response=GameOut, operation_id="game_start", tags=["setup"]
)
def game_start_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    return setup.game_start(game_id=game_id, by=request.user, now=now())
