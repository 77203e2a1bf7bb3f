"""A player dies (R13, R15, R17). Every death of every rule set goes through `players_die` (a
kill, an execution, a dawn, an HP vote-out, a Chiang Mai player's last card, a Hunter's shot, a
modkill), which then runs the rule set's follow-ups in order (partner deaths, item hand-overs,
the win check …) and those of every game (the forums' boards and wills, the live channel's
death event that ends the dead player's streams, R51). An undo takes deaths back through
`players_revive`."""

import datetime as dt
from collections.abc import Callable, Sequence

from game.errors import GameRuleError
from game.models import Game, Player
from game.services.live_channel import lives_changed

DeathHook = Callable[[Game, Player, dt.datetime], None]

# Follow-ups of a death in every game, after its rule set's own, run inside the caller's
# transaction with the game locked (the forums' access to boards: see their apps' ready()).
DEATH_HOOKS: list[DeathHook] = []

# The follow-ups a rule set may name in `Ruleset.death_hooks`, registered by name in
# services.hooks, so that a classic death runs no live-action follow-up.
NAMED_DEATH_HOOKS: dict[str, DeathHook] = {}


def player_die(
    *, game: Game, player: Player, at: dt.datetime, cause: str, day: int | None = None
) -> Player:
    """Mark `player` dead at `at` on `day` (the current day unless given) of `cause`, the code of
    one of the rule set's death causes. The caller holds the game lock (services.locking)."""
    return players_die(game=game, deaths=[(player, cause)], at=at, day=day)[0]


def players_die(
    *,
    game: Game,
    deaths: Sequence[tuple[Player, str]],
    at: dt.datetime,
    day: int | None = None,
) -> list[Player]:
    """Several players die at the same moment (a dawn), each of their own cause: all are marked
    dead before the follow-ups of each run, so that the win check (R17) sees the whole dawn."""
    for player, _ in deaths:
        if not player.alive:
            raise GameRuleError(f"{player.name} is already dead.")
    for player, cause in deaths:
        player.alive = False
        player.died_at = at
        player.death_day = day if day is not None else game.current_day
        player.death_cause = cause
        player.save(update_fields=["alive", "died_at", "death_day", "death_cause"])
    hooks = [NAMED_DEATH_HOOKS[name] for name in game.rules.death_hooks] + DEATH_HOOKS
    for player, _ in deaths:
        for hook in hooks:
            hook(game, player, at)
    return [player for player, _ in deaths]


def players_revive(*, game: Game, player_ids: Sequence[int]) -> None:
    """An undo takes these deaths back (a day end's, a Chiang Mai host's tap): the players are
    alive again, with no death recorded, and the live channel tells their pages and ends their
    streams, whose access changes. What followed the deaths stays in the log and the forums,
    followed by the undo."""
    revived = Player.objects.filter(game=game, pk__in=player_ids)
    users = list(revived.values_list("user_id", flat=True))
    revived.update(alive=True, died_at=None, death_day=None, death_cause="")
    lives_changed(game.pk, users)
