"""The moderators' hand on a moderated HP game: they end the current night or vote at once, as
its deadline would (C1: a phase ends at its deadline or when the moderators end it)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from game.errors import ConflictError
from game.models import GameStatus, User, Visibility
from game.rulesets.hp import HP
from game.rulesets.hp.phases import ballot_of, phase_kind
from game.rulesets.phases import DAY
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.nights.phases import current_phase, phase_end_at_once


def step_label(number: int, phase: str, ballot: int) -> str:
    if phase == DAY:
        return f"vote {ballot} of round {number}"
    return f"the night of round {number}"


@transaction.atomic
def hp_step_end_now(
    *, game_id: int, by: User, now: dt.datetime, number: int, phase: str, ballot: int = 1
) -> None:
    """Ends the step the request names (round `number`, its night or its vote `ballot`), whoever
    has not acted: a missing pick is no pick (H3), a missing vote counts for nobody (H8). A
    step already over answers 409, so that a double click ends one step."""
    game = lock_game(game_id)
    if game.ruleset != HP.code or game.status != GameStatus.RUNNING:
        raise ConflictError("The game is not being played: no night or vote is open.")
    open_phase = current_phase(game)
    open_step = (open_phase.number, phase_kind(open_phase.code), ballot_of(open_phase.code))
    meant = (number, phase, ballot if phase == DAY else 0)
    if meant != open_step:
        raise ConflictError(
            f"{step_label(*meant).capitalize()} is over or not yet open; "
            f"it is now {step_label(*open_step)}."
        )
    log_append(
        game=game,
        kind="hp_step_ended_early",
        text=f"The moderators ended {step_label(*open_step)} early.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    phase_end_at_once(game=game, phase=open_phase, now=now)
