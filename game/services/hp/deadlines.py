"""The deadline of a moderated HP game's night or vote (C1, R4): processed once by the periodic
job; a step that has already ended changes nothing."""

from __future__ import annotations

import datetime as dt

from game.models import DueEvent, GameStatus
from game.services.hp.rounds import step_end, step_key
from game.services.locking import lock_game


def process_hp_step_end(event: DueEvent, now: dt.datetime) -> None:
    game = lock_game(event.game_id)
    if game.status != GameStatus.RUNNING or event.key != step_key(game):
        return
    step_end(game=game, now=event.due_at)
