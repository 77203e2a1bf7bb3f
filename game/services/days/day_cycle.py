"""Days begin and end (R1, R4). Day end runs as a due event; moderators can end the day now,
change the day-end time and pause the clock."""

import datetime as dt
from collections.abc import Callable

from django.db import transaction

from game.errors import ConflictError, GameRuleError
from game.models import Day, DueEvent, Game, GameStatus, User, Visibility
from game.rulesets.live_action.day_clock import (
    day_end_after,
    day_end_on_resume,
    day_is_open,
)
from game.rulesets.registry import DAY_END_EVENT, VOTE_REMINDER_EVENT
from game.services.days.day_end_journal import day_end_record_write, day_end_snapshot
from game.services.days.vote_reminders import vote_reminder_cancel, vote_reminder_schedule
from game.services.locking import database_now, lock_day_for_end, lock_game
from game.services.log import local_text, log_append
from game.services.nights.phase_extend import phase_extend_to

DayEndStep = Callable[[Game, Day, dt.datetime], None]
DAY = "day"

# The effectful steps a phase's end may name (`Phase.end_steps`, in the order its rule set
# fixes: R4 for the live-action day), each registered once by name in services.hooks. They run
# inside the day end's transaction, after the day is closed and before the next day begins.
PHASE_END_STEPS: dict[str, DayEndStep] = {}


def day_end_key(game: Game, number: int) -> str:
    return f"game:{game.pk}:day_end:{number}"


def day_begin(*, game: Game, number: int, starts_at: dt.datetime, now: dt.datetime) -> Day:
    """Day `number` starts at `starts_at` and ends at the first day-end time after it (R1)."""
    ends_at = day_end_after(starts_at, game.zone, game.day_end_time)
    day = Day.objects.create(game=game, number=number, started_at=starts_at, ends_at=ends_at)
    DueEvent.objects.create(
        game=game,
        kind=DAY_END_EVENT,
        day=number,
        due_at=ends_at,
        key=day_end_key(game, number),
    )
    vote_reminder_schedule(game=game, day=day)
    game.current_day = number
    game.save(update_fields=["current_day"])
    log_append(
        game=game,
        kind="day_started",
        text=f"Day {number} has begun. It ends {local_text(game, ends_at)}.",
        visibility=Visibility.PUBLIC,
        now=starts_at,
    )
    return day


def process_day_end(event: DueEvent, now: dt.datetime) -> None:
    """Close the event's day, run the day-end steps and begin the next day (R4).

    The day ends at its scheduled end, however late the job runs, so a missed run is caught up
    with the same result. The caller holds the event's row; a day already closed changes
    nothing. What the day end changed is recorded (DayEndRecord) so that it can be undone."""
    game = lock_game(event.game_id)
    day = Day.objects.filter(game=game, number=event.day).first()
    if game.status != GameStatus.RUNNING or day is None or day.ended_at is not None:
        return
    before = day_end_snapshot(game)
    ended_at = day.ends_at
    day.ended_at = ended_at
    day.save(update_fields=["ended_at"])
    vote_reminder_cancel(game=game, number=day.number, at=ended_at)
    log_append(
        game=game,
        kind="day_ended",
        text=f"Day {day.number} has ended.",
        visibility=Visibility.PUBLIC,
        now=ended_at,
    )
    for name in game.rules.phase(DAY).end_steps:
        PHASE_END_STEPS[name](game, day, ended_at)
        if game.status != GameStatus.RUNNING:
            break
    else:
        day_begin(game=game, number=day.number + 1, starts_at=ended_at, now=now)
    day_end_record_write(game=game, day=day, before=before, now=now)


@transaction.atomic
def day_end_now(
    *, game_id: int, day: int, by: User, now: dt.datetime | None = None, reason: str = ""
) -> Day:
    """A moderator ends day `day` at once; it runs the same day end as the clock. The request
    names the day it ends, so a double click or two moderators at once end one day: the second
    finds the day already ended and changes nothing (R4).

    The day's end is the moment the day end holds the day's row (the database's clock, unless
    `now` is given): the votes in flight, which share that row, are recorded before it and
    counted; the next ones wait and count for the next day (R1, R5)."""
    game = lock_game(game_id)
    if Day.objects.filter(game=game, number=day, ended_at__isnull=False).exists():
        raise ConflictError(f"Day {day} has already ended.")
    current, event = current_day_and_event(game)
    if day != current.number:
        raise GameRuleError(f"Day {day} has not begun: the current day is {current.number}.")
    held_at = lock_day_for_end(current)
    ended_at = now if now is not None else held_at
    current.ends_at = ended_at
    current.save(update_fields=["ends_at"])
    event.due_at = ended_at
    event.save(update_fields=["due_at"])
    log_append(
        game=game,
        kind="day_ended_early",
        text=f"The moderators ended day {current.number} early.",
        visibility=Visibility.PUBLIC,
        now=ended_at,
        actor=by,
        reason=reason,
    )
    process_day_end(event, ended_at)
    event.done_at = ended_at
    event.save(update_fields=["done_at"])
    current.refresh_from_db()
    return current


@transaction.atomic
def day_end_time_change(
    *, game_id: int, by: User, new_time: dt.time, now: dt.datetime | None = None
) -> Game:
    """Change the local day-end time (R1). In a running game the current day then ends at the
    first new day-end time after now (the database's clock unless given). A day whose end has
    passed while the job has not yet closed it stays ended: votes cast since count for the next
    day (R5), so the new time applies from that day on."""
    game = lock_game(game_id)
    now = now if now is not None else database_now()
    if game.status == GameStatus.FINISHED:
        raise GameRuleError("The game is over.")
    game.day_end_time = new_time
    game.save(update_fields=["day_end_time"])
    text = f"Days now end at {new_time:%H:%M} ({game.time_zone})."
    if game.status == GameStatus.RUNNING:
        day, event = current_day_and_event(game)
        if day_is_open(ends_at=day.ends_at, closed=False, now=now, paused_at=game.clock_paused_at):
            new_end = day_end_after(max(now, day.started_at), game.zone, new_time)
            day_end_reschedule(day, event, new_end)
            text += f" Day {day.number} now ends {local_text(game, new_end)}."
    log_append(
        game=game,
        kind="day_end_time_changed",
        text=text,
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    return game


@transaction.atomic
def clock_pause(
    *, game_id: int, by: User, now: dt.datetime | None = None, reason: str = ""
) -> Game:
    """Stop the clock (at the database's clock unless `now` is given): no deadline of this game
    is processed until the clock resumes, and the open day stays open (R5)."""
    game = lock_game(game_id)
    now = now if now is not None else database_now()
    if game.status != GameStatus.RUNNING:
        raise GameRuleError("Only a running game has a clock to pause.")
    _refuse_phases(game)
    if game.clock_paused:
        raise ConflictError("The clock is already paused.")
    game.clock_paused_at = now
    game.save(update_fields=["clock_paused_at"])
    log_append(
        game=game,
        kind="clock_paused",
        text="The moderators paused the game clock.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
        reason=reason,
    )
    return game


@transaction.atomic
def clock_resume(*, game_id: int, by: User, now: dt.datetime | None = None) -> Game:
    """Restart the clock. A day end that fell during the pause moves to the next day-end time."""
    game = lock_game(game_id)
    now = now if now is not None else database_now()
    if not game.clock_paused:
        raise ConflictError("The clock is not paused.")
    paused_at = game.clock_paused_at
    game.clock_paused_at = None
    game.save(update_fields=["clock_paused_at"])
    day, event = current_day_and_event(game)
    new_end = day_end_on_resume(day.ends_at, paused_at, now, game.zone, game.day_end_time)
    day_end_reschedule(day, event, new_end)
    log_append(
        game=game,
        kind="clock_resumed",
        text=f"The game clock runs again. Day {day.number} ends {local_text(game, new_end)}.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    return game


def current_day_and_event(game: Game) -> tuple[Day, DueEvent]:
    if game.status != GameStatus.RUNNING:
        raise GameRuleError("The game is not running.")
    _refuse_phases(game)
    day = Day.objects.get(game=game, number=game.current_day)
    if day.ended_at is not None:
        raise ConflictError(f"Day {day.number} has already ended.")
    event = DueEvent.objects.select_for_update().get(key=day_end_key(game, day.number))
    return day, event


def _refuse_phases(game: Game) -> None:
    """The day clock's actions are the live-action day's; a night-and-day game's phases end
    through the phase engine (services.nights.phases)."""
    if not game.rules.day_clock:
        raise GameRuleError(
            "This game is played in days and nights: end the phase from the phase panel, or "
            "change its end times in the settings."
        )


def day_end_reschedule(day: Day, event: DueEvent, new_end: dt.datetime) -> None:
    """Move the day's end, and with it the deadlines that fall at that day end."""
    day.ends_at = new_end
    day.save(update_fields=["ends_at"])
    event.due_at = new_end
    event.save(update_fields=["due_at"])
    DueEvent.objects.filter(
        game_id=day.game_id, day=day.number, done_at__isnull=True, cancelled_at__isnull=True
    ).exclude(pk=event.pk).exclude(kind=VOTE_REMINDER_EVENT).update(due_at=new_end)
    vote_reminder_schedule(game=day.game, day=day)


def day_end_extend_to(
    *, game: Game, new_end: dt.datetime, now: dt.datetime, reason: str, by: User | None = None
) -> Day:
    """Move the current day's end later (R2: a late kill announcement; or a moderator's
    extension). Never earlier: ending early is `day_end_now`. The caller holds the game lock."""
    day, event = current_day_and_event(game)
    if day.ends_at <= now:
        raise ConflictError(f"Day {day.number} has already ended; it can no longer be extended.")
    if new_end <= day.ends_at:
        raise GameRuleError("An extension must end the day later than it ends now.")
    day_end_reschedule(day, event, new_end)
    log_append(
        game=game,
        kind="day_extended",
        text=f"Day {day.number} is extended: it now ends {local_text(game, new_end)}.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
        reason=reason,
    )
    return day


@transaction.atomic
def day_extend(
    *, game_id: int, by: User, new_end: dt.datetime, now: dt.datetime, reason: str
) -> Day:
    """A moderator extends the current day (R2's extension, by hand); shown to everyone. A
    game on the phase engine extends its open day through it (C1)."""
    game = lock_game(game_id)
    if not game.rules.day_clock:
        phase_extend_to(game=game, new_end=new_end, now=now, reason=reason, by=by)
        return Day.objects.get(game=game, number=game.current_day)
    return day_end_extend_to(game=game, new_end=new_end, now=now, reason=reason, by=by)
