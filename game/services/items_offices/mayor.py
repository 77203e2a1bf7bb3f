"""The office of mayor set by the moderators, whose vote counts three (R8)."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import Game, GameStatus, Player, User, Visibility
from game.services.items_offices.petitions import office_leave, office_take
from game.services.locking import lock_game
from game.services.log import log_append


@transaction.atomic
def mayor_set(
    *, game_id: int, player_id: int | None, by: User, now: dt.datetime, reason: str = ""
) -> Game:
    """A moderator's override of the office of mayor, whose vote counts three (R8); None leaves
    it empty. Petitions end as after an election or impeachment (R46)."""
    game = lock_game(game_id)
    if game.status != GameStatus.RUNNING:
        raise GameRuleError("The game is not running.")
    mayor = None
    if player_id is not None:
        mayor = Player.objects.filter(game=game, pk=player_id).first()
        if mayor is None:
            raise GameRuleError("That player is not in this game.")
        if not mayor.alive:
            raise GameRuleError(f"{mayor.name} is dead and cannot be mayor.")
    if mayor is not None:
        office_take(game=game, office="mayor", player=mayor, now=now)
    else:
        office_leave(game=game, office="mayor", now=now)
    log_append(
        game=game,
        kind="mayor_set",
        text=f"{mayor.name} is now the mayor." if mayor else "The office of mayor is empty.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
        reason=reason,
    )
    return game
