"""The state of what the app needs to run, for /healthz, `manage.py health` and the moderators'
dashboard: the database, the broker, and the periodic job (R4) judged by its overdue work."""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from celery import current_app
from django.db import DatabaseError, connection

from game.models import DueEvent, SchedulerHeartbeat

logger = logging.getLogger(__name__)

# The job runs every 30 seconds: an event still waiting two minutes after its due time means
# the worker or beat is down or stuck (or the broker loses its messages).
OVERDUE_AFTER = dt.timedelta(minutes=2)
BROKER_TIMEOUT_SECONDS = 2


@dataclass(frozen=True)
class SystemHealth:
    database_ok: bool
    broker_ok: bool
    scheduler_last_run_at: dt.datetime | None
    oldest_overdue_due_at: dt.datetime | None
    now: dt.datetime

    @property
    def overdue_seconds(self) -> int | None:
        if self.oldest_overdue_due_at is None:
            return None
        return max(0, int((self.now - self.oldest_overdue_due_at).total_seconds()))

    @property
    def scheduler_ok(self) -> bool:
        seconds = self.overdue_seconds
        return self.database_ok and (seconds is None or seconds <= OVERDUE_AFTER.total_seconds())

    @property
    def ok(self) -> bool:
        return self.database_ok and self.broker_ok and self.scheduler_ok

    def as_dict(self) -> dict:
        return {
            "ok": self.ok,
            "database": {"ok": self.database_ok},
            "broker": {"ok": self.broker_ok},
            "scheduler": {
                "ok": self.scheduler_ok,
                "last_run_at": _iso(self.scheduler_last_run_at),
                "oldest_overdue_event_due_at": _iso(self.oldest_overdue_due_at),
                "oldest_overdue_event_seconds": self.overdue_seconds,
            },
            "scheduler_last_run_at": _iso(self.scheduler_last_run_at),
        }


def _iso(moment: dt.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def system_health(*, now: dt.datetime) -> SystemHealth:
    """Three small queries and one broker connection, each failure reported, none raised."""
    database_ok = _database_ok()
    last_run_at = oldest_overdue = None
    if database_ok:
        try:
            last_run_at = (
                SchedulerHeartbeat.objects.filter(name=SchedulerHeartbeat.DUE_EVENTS)
                .values_list("last_run_at", flat=True)
                .first()
            )
            oldest_overdue = oldest_waiting_day_end(now=now)
        except DatabaseError:
            logger.exception("Health check: reading the job's state failed.")
            database_ok = False
    return SystemHealth(
        database_ok=database_ok,
        broker_ok=_broker_ok(),
        scheduler_last_run_at=last_run_at,
        oldest_overdue_due_at=oldest_overdue,
        now=now,
    )


def oldest_waiting_day_end(*, now: dt.datetime) -> dt.datetime | None:
    """The due time of the oldest day end (or phase end of a night-and-day game, C1) the job
    should have processed by `now`. Those are the events the job itself runs; the others
    (poison, bloodlust, evictions …) are processed by a day end and may wait for one. A paused
    game's day end waits for the resume."""
    return (
        DueEvent.objects.filter(
            kind__in=(DueEvent.Kind.DAY_END, DueEvent.Kind.PHASE_END),
            done_at__isnull=True,
            cancelled_at__isnull=True,
            due_at__lte=now,
            game__clock_paused_at__isnull=True,
        )
        .order_by("due_at")
        .values_list("due_at", flat=True)
        .first()
    )


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        logger.exception("Health check: the database is unreachable.")
        return False


def _broker_ok() -> bool:
    try:
        with current_app.connection_for_write(connect_timeout=BROKER_TIMEOUT_SECONDS) as broker:
            broker.ensure_connection(
                max_retries=1, interval_start=0, timeout=BROKER_TIMEOUT_SECONDS
            )
    except Exception:  # every transport raises its own errors; none may break the health check
        logger.warning("Health check: the broker is unreachable.", exc_info=True)
        return False
    return True
