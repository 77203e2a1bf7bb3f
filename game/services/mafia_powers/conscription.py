"""Conscription (R39): the player becomes mafia-aligned, keeps their role and gains the Mafia
Den and the mafia powers from their next request (R50, R51). The mafia's Conscript power
(`services.mafia_powers.mafia.mafia_conscript`, reached through `services.mafia_powers.powers`)
checks its charge and its
target, then calls `conscripted`."""

import datetime as dt

from game.models import Game, Player, User, Visibility
from game.services.log import log_append

TOLD = (
    "You have been conscripted by the mafia: your goal is now for the mafia to win. You keep your "
    "role and its powers, and from now on you read and post in the Mafia Den and use the mafia's "
    "powers (R39)."
)


def conscripted(*, game: Game, player: Player, now: dt.datetime, by: User | None = None) -> Player:
    """Make the player a conscript and tell them. The caller holds the game lock and has checked
    that the player is alive and not mafia-aligned."""
    player.conscripted = True
    player.save(update_fields=["conscripted"])
    log_append(
        game=game,
        kind="player_conscripted",
        text=f"{player.name} was conscripted by the mafia.",
        visibility=Visibility.MAFIA,
        now=now,
        actor=by,
    )
    log_append(
        game=game,
        kind="conscripted",
        text=TOLD,
        visibility=Visibility.PLAYERS,
        recipients=[player],
        now=now,
    )
    return player
