"""The lists investigative roles keep: the police officer's watch list (R48) and the priest's
saints and sinners (R28)."""

from game.api.core import Message
from game.api.kills.base import _now, _player_game, kills_router
from game.api.kills_schemas import PriestListsIn, WatchListIn
from game.services.investigating import investigative_roles


@kills_router.put("/games/{game_id}/watch-list", response=Message, operation_id="watch_list_set")
def watch_list_set_op(request, game_id: int, payload: WatchListIn):
    """The police officer's watch list for tomorrow (R48)."""
    _player_game(request, game_id)
    investigative_roles.watch_list_set(
        game_id=game_id, by=request.user, player_ids=payload.player_ids, now=_now()
    )
    return {"detail": "Watch list saved for tomorrow."}


@kills_router.put(
    "/games/{game_id}/priest-lists", response=Message, operation_id="priest_lists_set"
)
def priest_lists_set_op(request, game_id: int, payload: PriestListsIn):
    """The priest's saint and sinner lists (R28)."""
    _player_game(request, game_id)
    investigative_roles.priest_lists_set(
        game_id=game_id,
        by=request.user,
        saint_ids=payload.saint_ids,
        sinner_ids=payload.sinner_ids,
        now=_now(),
    )
    return {"detail": "Lists saved."}
