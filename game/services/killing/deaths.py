"""A player dies (R13, R15, R17). Every death in the game goes through `player_die`, which then
runs the registered follow-ups in order (partner deaths, item hand-overs, the win check …)."""

import datetime as dt
from collections.abc import Callable

from game.errors import GameRuleError
from game.models import Game, Player

DeathHook = Callable[[Game, Player, dt.datetime], None]

# Follow-ups of a death, run inside the caller's transaction with the game locked.
# Features register theirs at import time (see their apps' ready()).
DEATH_HOOKS: list[DeathHook] = []


def player_die(
    *, game: Game, player: Player, at: dt.datetime, cause: str, day: int | None = None
) -> Player:
    """Mark `player` dead at `at` on `day` (the current day unless given) of `cause`, the code of
    one of the rule set's death causes. The caller holds the game lock (services.locking)."""
    if not player.alive:
        raise GameRuleError(f"{player.name} is already dead.")
    player.alive = False
    player.died_at = at
    player.death_day = day if day is not None else game.current_day
    player.death_cause = cause
    player.save(update_fields=["alive", "died_at", "death_day", "death_cause"])
    for hook in DEATH_HOOKS:
        hook(game, player, at)
    return player
