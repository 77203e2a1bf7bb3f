"""The periodic job (R4): claim due events one at a time and process each exactly once."""

import datetime as dt
import logging
from collections.abc import Callable

from django.db import transaction
from django.db.models import F

from game.models import DueEvent, Game, SchedulerHeartbeat
from game.rulesets.registry import DAY_END_EVENT, VOTE_REMINDER_EVENT
from game.services.days.day_cycle import process_day_end
from game.services.days.missed_day_ends import day_end_held_for_moderators
from game.services.days.vote_reminders import process_vote_reminder
from game.services.hold_effects import decisions_apply

logger = logging.getLogger(__name__)

EventHandler = Callable[[DueEvent, dt.datetime], None]

HANDLERS: dict[str, EventHandler] = {
    DAY_END_EVENT: process_day_end,
    VOTE_REMINDER_EVENT: process_vote_reminder,
}

# Before an event of these kinds runs: whether it waits for the moderators instead (more than
# one deadline of the game overdue); the phase engine's is registered in services.hooks.
HOLDS: dict[str, Callable[[DueEvent, dt.datetime], bool]] = {
    DAY_END_EVENT: day_end_held_for_moderators,
}


def process_due_events(*, now: dt.datetime) -> int:
    """Process every event due at `now`, oldest first; returns how many were processed.

    Each event is claimed with SELECT … FOR UPDATE SKIP LOCKED and processed in the transaction
    that marks it done, so concurrent runs never process one event twice, and a crash leaves the
    event for the next run. Events of paused games wait, and a game with more than one day end
    overdue is paused for its moderators (HOLDS), a night-and-day game with more than one phase
    end overdue too. Processing an event may
    make another one due (a late day end starts a day whose end has passed too): the loop
    catches up.
    An event whose game is locked by a moderator's action waits for the next run rather than
    wait for the lock, which keeps the lock order (game, then event) of the services.
    The moderators' held decisions that are due take effect first, and all of a game whose
    deadline is due, so that a day ends on every decision taken during it."""
    ending = set(
        DueEvent.objects.filter(
            done_at__isnull=True, cancelled_at__isnull=True, due_at__lte=now
        ).values_list("game_id", flat=True)
    )
    decisions_apply(now=now, game_ids=ending)
    processed = 0
    skipped: set[int] = set()
    while True:
        with transaction.atomic():
            event = (
                DueEvent.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(
                    done_at__isnull=True,
                    cancelled_at__isnull=True,
                    due_at__lte=now,
                    game__clock_paused_at__isnull=True,
                )
                .exclude(pk__in=skipped)
                .order_by("due_at", "id")
                .first()
            )
            if event is None:
                break
            if not _game_lock_taken(event.game_id):
                skipped.add(event.pk)
                continue
            held = HOLDS.get(event.kind)
            if held is not None and held(event, now):
                continue
            try:
                with transaction.atomic():
                    HANDLERS[event.kind](event, now)
                    _mark_done_unless_moved(event, now)
                processed += 1
            except Exception:
                logger.exception("Processing %s failed; it will be tried again.", event)
                skipped.add(event.pk)
    _beat(now, processed)
    return processed


def _mark_done_unless_moved(event: DueEvent, now: dt.datetime) -> None:
    """The handler owns the event's fate: one it moved to a later day (an eviction whose day
    ended before the notice's deadline, R49), cancelled or marked done itself is left as it
    left it; only an event it kept as it was is done."""
    DueEvent.objects.filter(
        pk=event.pk,
        done_at__isnull=True,
        cancelled_at__isnull=True,
        day=event.day,
        due_at=event.due_at,
    ).update(done_at=now)


def _game_lock_taken(game_id: int) -> bool:
    return (
        Game.objects.select_for_update(skip_locked=True, no_key=True)
        .filter(pk=game_id)
        .values_list("pk", flat=True)
        .first()
        is not None
    )


def _beat(now: dt.datetime, processed: int) -> None:
    updated = SchedulerHeartbeat.objects.filter(name=SchedulerHeartbeat.DUE_EVENTS).update(
        last_run_at=now, processed_total=F("processed_total") + processed
    )
    if not updated:
        SchedulerHeartbeat.objects.get_or_create(
            name=SchedulerHeartbeat.DUE_EVENTS,
            defaults={"last_run_at": now, "processed_total": processed},
        )
