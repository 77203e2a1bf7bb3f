"""Missed day ends (R4): when the periodic job finds more than one of a game's day ends
overdue (an outage longer than a day), it pauses the game's clock and leaves them to the
moderators, who run them each at its own time or resume from now."""

import datetime as dt

from django.db import transaction

from game.errors import ConflictError
from game.models import Day, DueEvent, Game, GameStatus, User, Visibility
from game.rulesets.live_action.day_clock import day_end_after, missed_day_ends
from game.services.days.day_cycle import (
    current_day_and_event,
    day_end_key,
    day_end_reschedule,
    process_day_end,
)
from game.services.locking import database_now, lock_game
from game.services.log import local_text, log_append

MISSED_DAY_ENDS = "day_ends_missed"


def day_end_held_for_moderators(event: DueEvent, now: dt.datetime) -> bool:
    """Before the job runs a day end: when more than one day end of the game is overdue, pause
    the game's clock, tell the moderators and leave the day ends to them (see
    `missed_day_ends`). The caller holds the game lock."""
    game = Game.objects.get(pk=event.game_id)
    day = Day.objects.filter(game=game, number=event.day).first()
    if game.status != GameStatus.RUNNING or day is None or day.ended_at is not None:
        return False
    missed = missed_day_ends(day.ends_at, now, game.zone, game.day_end_time)
    if missed <= 1:
        return False
    game.clock_paused_at = now
    game.save(update_fields=["clock_paused_at"])
    log_append(
        game=game,
        kind=MISSED_DAY_ENDS,
        text=(
            f"{missed} day ends were missed, from day {day.number}'s "
            f"({local_text(game, day.ends_at)}). The clock is paused: run the missed day ends, "
            "or resume from now, on the dashboard."
        ),
        visibility=Visibility.MODERATORS,
        now=now,
    )
    return True


def missed_day_ends_waiting(game: Game, day: Day | None) -> bool:
    """Whether the game was paused because day ends were missed and no moderator has decided."""
    return (
        game.status == GameStatus.RUNNING
        and game.clock_paused_at is not None
        and day is not None
        and day.ended_at is None
        and day.ends_at <= game.clock_paused_at
    )


@transaction.atomic
def missed_day_ends_run(*, game_id: int, by: User, now: dt.datetime | None = None) -> Game:
    """A moderator runs the missed day ends, each at its scheduled time, as the job would have
    (R4), and the clock runs again."""
    game, day = _missed_day_ends_decision(game_id)
    now = now if now is not None else database_now()
    game.clock_paused_at = None
    game.save(update_fields=["clock_paused_at"])
    log_append(
        game=game,
        kind="missed_day_ends_run",
        text="The moderators ran the missed day ends.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    while game.status == GameStatus.RUNNING and day.ended_at is None and day.ends_at <= now:
        _run_day_end(game, day, now)
        game.refresh_from_db()
        day = Day.objects.get(game=game, number=game.current_day)
    return game


@transaction.atomic
def missed_day_ends_skip(*, game_id: int, by: User, now: dt.datetime | None = None) -> Game:
    """A moderator resumes from now: the first missed day end runs (its day was played), and
    the next day ends at the first day-end time after now instead of at the ones missed."""
    game, day = _missed_day_ends_decision(game_id)
    now = now if now is not None else database_now()
    game.clock_paused_at = None
    game.save(update_fields=["clock_paused_at"])
    _run_day_end(game, day, now)
    game.refresh_from_db()
    text = f"The moderators resumed the game from now after day {day.number}'s end."
    if game.status == GameStatus.RUNNING:
        current, event = current_day_and_event(game)
        new_end = day_end_after(now, game.zone, game.day_end_time)
        day_end_reschedule(current, event, new_end)
        text += f" Day {current.number} ends {local_text(game, new_end)}."
    log_append(
        game=game,
        kind="missed_day_ends_skipped",
        text=text,
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    return game


def _missed_day_ends_decision(game_id: int) -> tuple[Game, Day]:
    game = lock_game(game_id)
    day = Day.objects.filter(game=game, number=game.current_day).first()
    if not missed_day_ends_waiting(game, day):
        raise ConflictError("No missed day ends are waiting for a decision.")
    return game, day


def _run_day_end(game: Game, day: Day, now: dt.datetime) -> None:
    event = DueEvent.objects.select_for_update().get(key=day_end_key(game, day.number))
    process_day_end(event, now)
    event.done_at = now
    event.save(update_fields=["done_at"])
