"""Tazings (R44), recorded by a moderator until the taser flow reports them."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import Tazing, User, Visibility
from game.services.kills import player_of
from game.services.locking import lock_game
from game.services.log import log_append


@transaction.atomic
def tazing_record(
    *, game_id: int, by: User, target_id: int, now: dt.datetime, reason: str = ""
) -> Tazing:
    """The target can make no kill for the rest of today (R44); kill checks list it (R12)."""
    game = lock_game(game_id)
    target = player_of(game, target_id)
    if not target.alive:
        raise GameRuleError(f"{target.name} is dead.")
    tazing = Tazing.objects.create(
        game=game, target=target, day=game.current_day, tazed_at=now, recorded_by=by
    )
    log_append(
        game=game,
        kind="tazing_recorded",
        text=f"{target.name} was tazed on day {game.current_day} (R44).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=reason,
    )
    return tazing
