"""The periodic task travels through the real broker (Redis) to a real worker thread."""

import datetime as dt
import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.db import connection
from django.utils import timezone
from kombu import Connection

from game.models import Day, DueEvent, SchedulerHeartbeat
from game.rulesets.registry import DAY_END_EVENT
from game.tasks import process_due_events
from mafia_mod.celery import app
from tests.factories import make_game, sign_up, start_game


def broker_reachable() -> bool:
    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as connection:
            connection.ensure_connection(max_retries=1)
        return True
    except Exception:
        return False


pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="a worker thread needs a shared database"
    ),
    pytest.mark.skipif(not broker_reachable(), reason="no broker at CELERY_BROKER_URL"),
]


@pytest.fixture
def real_broker():
    app.conf.task_always_eager = False
    app.control.purge()
    yield
    app.conf.task_always_eager = True


def test_a_worker_processes_the_due_events_task_sent_through_the_broker(real_broker):
    game = make_game()
    sign_up(game, 3)
    start_game(game, now=timezone.now() - dt.timedelta(hours=1))
    # One day end overdue (more would pause the game for its moderators).
    due = timezone.now() - dt.timedelta(minutes=1)
    Day.objects.filter(game=game, number=1).update(ends_at=due)
    DueEvent.objects.filter(game=game, kind=DAY_END_EVENT).update(due_at=due)
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        process_due_events.delay()
        deadline = time.monotonic() + 30
        while not SchedulerHeartbeat.objects.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
    assert SchedulerHeartbeat.objects.get().processed_total in (1, 2)
    assert Day.objects.filter(game=game, number=1, ended_at__isnull=False).exists()
