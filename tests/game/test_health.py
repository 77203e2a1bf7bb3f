"""/healthz and the dashboard report the database, the broker and the periodic job (R4), and
/healthz answers 503 when the broker is down or a day end is overdue by more than 2 minutes."""

import datetime as dt
import io
import shutil
import socket
import subprocess
import time

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.utils import timezone

from game.services.deadlines import process_due_events
from mafia_mod.celery import app
from tests.conftest import client_for
from tests.factories import make_game, moderator_of, sign_up, start_game

pytestmark = pytest.mark.django_db


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def broker(monkeypatch):
    """A private redis-server as the broker, stoppable by the test (the shared one is not)."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    # Celery reads CELERY_BROKER_URL from the environment before its configuration, so the
    # environment alone points it at the private server, and nothing of Celery's own changes.
    monkeypatch.delenv("CELERY_BROKER_WRITE_URL", raising=False)
    monkeypatch.setenv("CELERY_BROKER_URL", f"redis://127.0.0.1:{port}/0")
    assert app.conf.broker_write_url == f"redis://127.0.0.1:{port}/0"
    yield server
    server.terminate()
    server.wait(timeout=10)


def healthz():
    response = Client().get("/healthz")
    assert response["Cache-Control"].startswith("max-age=0")
    return response.status_code, response.json()


def test_healthy_when_the_database_and_broker_answer_and_nothing_is_overdue(broker):
    status, body = healthz()
    assert status == 200
    assert body["ok"] is True
    assert body["database"] == {"ok": True}
    assert body["broker"] == {"ok": True}
    assert body["scheduler"]["oldest_overdue_event_seconds"] is None


def test_503_with_the_broker_stopped(broker):
    broker.terminate()
    broker.wait(timeout=10)
    status, body = healthz()
    assert status == 503
    assert body["ok"] is False
    assert body["broker"] == {"ok": False}
    assert body["database"] == {"ok": True}
    with pytest.raises(CommandError):
        call_command("health", stdout=io.StringIO())


def started_game_whose_day_ended(ago: dt.timedelta):
    """A running game whose day 1 end (and its due event) passed `ago` without the job."""
    game = make_game()
    sign_up(game, 4)
    start_game(game, now=timezone.now() - dt.timedelta(days=2))
    ended = timezone.now() - ago
    game.days.filter(number=1).update(ends_at=ended)
    game.due_events.filter(kind="day_end").update(due_at=ended)
    return game


def test_503_when_a_day_end_is_overdue_by_more_than_two_minutes(broker):
    game = started_game_whose_day_ended(dt.timedelta(minutes=3))
    status, body = healthz()
    assert status == 503
    assert body["scheduler"]["ok"] is False
    assert 180 <= body["scheduler"]["oldest_overdue_event_seconds"] < 240
    dashboard = client_for(moderator_of(game)).get(f"/games/{game.pk}/mod/")
    assert b"A day end has waited 3" in dashboard.content
    process_due_events(now=timezone.now())
    status, body = healthz()
    assert status == 200
    assert body["scheduler"]["last_run_at"] is not None


def test_a_day_end_just_due_or_of_a_paused_game_is_not_overdue(broker):
    started_game_whose_day_ended(dt.timedelta(seconds=90))
    paused = started_game_whose_day_ended(dt.timedelta(hours=5))
    paused.clock_paused_at = timezone.now() - dt.timedelta(hours=6)
    paused.save(update_fields=["clock_paused_at"])
    assert healthz()[0] == 200


def test_503_when_a_phase_end_of_a_classic_game_is_overdue(broker):
    """C1: a night-and-day game's phase ends are the job's own deadlines too."""
    from tests.game.classic.helpers import classic_game

    game, _ = classic_game(start=timezone.now() - dt.timedelta(hours=1), phase_minutes=55)
    assert healthz()[0] == 503
    process_due_events(now=timezone.now())
    game.refresh_from_db()
    assert (game.current_phase, healthz()[0]) == ("night", 200)
