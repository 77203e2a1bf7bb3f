"""Conscription (R39): the player becomes mafia-aligned, keeps their role and gains the Mafia
Den from their next request. Minimal: the conscript power's checks (once per game, the incant)
belong to the mafia powers."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import GameStatus, Player, User, Visibility
from game.services.locking import lock_game
from game.services.log import log_append


@transaction.atomic
def player_conscript(
    *, game_id: int, player_id: int, now: dt.datetime, by: User | None = None
) -> Player:
    game = lock_game(game_id)
    if game.status != GameStatus.RUNNING:
        raise GameRuleError("Only a running game has conscriptions.")
    player = Player.objects.filter(game=game, pk=player_id).first()
    if player is None:
        raise GameRuleError("That player is not in this game.")
    if not player.alive:
        raise GameRuleError(f"{player.name} is dead.")
    if player.mafia_aligned:
        raise GameRuleError(f"{player.name} is already mafia-aligned.")
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
    return player
