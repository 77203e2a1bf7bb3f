"""The day clock: ending a day now, the day-end time, pausing and resuming, and the day ends
missed while the clock was stopped."""

from game.api.core import ReasonIn
from game.api.games.base import games_router
from game.api.games.schemas import DayEndIn, DayEndTimeIn, DayOut, GameOut
from game.permissions import moderated_game_for
from game.services import hold_effects
from game.services.days import day_cycle, missed_day_ends


@games_router.post(
    "/games/{game_id}/day/end", response=DayOut, operation_id="day_end_now", tags=["day"]
)
def day_end_now_op(request, game_id: int, payload: DayEndIn):
    """End day `day` now (R4). A request for a day that has already ended answers 409 and
    changes nothing, so a repeated or concurrent request ends one day."""
    moderated_game_for(request.user, game_id)
    return hold_effects.day_end_now(
        game_id=game_id, day=payload.day, by=request.user, reason=payload.reason
    )


@games_router.post(
    "/games/{game_id}/day/time", response=GameOut, operation_id="day_end_time_change", tags=["day"]
)
def day_end_time_change_op(request, game_id: int, payload: DayEndTimeIn):
    moderated_game_for(request.user, game_id)
    return day_cycle.day_end_time_change(
        game_id=game_id, by=request.user, new_time=payload.day_end_time
    )


@games_router.post(
    "/games/{game_id}/clock/pause", response=GameOut, operation_id="clock_pause", tags=["day"]
)
def clock_pause_op(request, game_id: int, payload: ReasonIn | None = None):
    moderated_game_for(request.user, game_id)
    return day_cycle.clock_pause(
        game_id=game_id, by=request.user, reason=payload.reason if payload else ""
    )


@games_router.post(
    "/games/{game_id}/clock/resume", response=GameOut, operation_id="clock_resume", tags=["day"]
)
def clock_resume_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    return day_cycle.clock_resume(game_id=game_id, by=request.user)


@games_router.post(
    "/games/{game_id}/day/missed/run",
    response=GameOut,
    operation_id="missed_day_ends_run",
    tags=["day"],
)
def missed_day_ends_run_op(request, game_id: int):
    """When more than one day end was missed, the game waits paused: run them all, each at its
    own time (R4). 409 when no missed day ends are waiting."""
    moderated_game_for(request.user, game_id)
    return missed_day_ends.missed_day_ends_run(game_id=game_id, by=request.user)


@games_router.post(
    "/games/{game_id}/day/missed/resume",
    response=GameOut,
    operation_id="missed_day_ends_skip",
    tags=["day"],
)
def missed_day_ends_skip_op(request, game_id: int):
    """Resume from now after missed day ends: the first runs, the next day ends at the next
    day-end time. 409 when no missed day ends are waiting."""
    moderated_game_for(request.user, game_id)
    return missed_day_ends.missed_day_ends_skip(game_id=game_id, by=request.user)
