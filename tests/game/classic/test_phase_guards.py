"""The phase engine's guards (C1, R4): a night action sent after the night's scheduled end is
refused, as a late vote is, even before the job has run; phase ends overdue after an outage
wait for the moderators; a moderator's "end the phase now" names the phase it ends."""

import datetime as dt
import json

import pytest

from game.errors import ConflictError
from game.models import GamePhase, LogEntry, NightAction
from game.services.deadlines import process_due_events
from game.services.nights.phases import phase_end_now
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.game.classic.helpers import act, classic_game, end_phase, phase_now

pytestmark = pytest.mark.django_db


def test_a_night_action_after_the_nights_end_is_refused_before_the_job_runs():
    game, p = classic_game()
    end_phase(game)
    night = phase_now(game)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    with pytest.raises(ConflictError, match="ended"):
        act(game, p["doc"], p["vil1"], now=night.ends_at + dt.timedelta(seconds=2))
    assert not NightAction.objects.filter(actor=p["doc"]).exists()
    end_phase(game)
    p["vil1"].refresh_from_db()
    assert not p["vil1"].alive


def test_a_late_last_action_does_not_move_the_nights_end():
    game, p = classic_game(night_ends_when_all_in=True)
    end_phase(game)
    night = phase_now(game)
    for name in ("maf1", "maf2", "cop"):
        act(game, p[name], p["vil1"])
    with pytest.raises(ConflictError):
        act(game, p["doc"], p["vil2"], now=night.ends_at + dt.timedelta(seconds=2))
    night.refresh_from_db()
    assert night.ended_at is None
    end_phase(game)
    night.refresh_from_db()
    assert night.ended_at == night.ends_at


def test_more_than_one_overdue_phase_end_waits_for_the_moderators():
    game, p = classic_game(phase_minutes=1)
    day0 = phase_now(game)
    outage_over = day0.ends_at + dt.timedelta(seconds=100)
    process_due_events(now=outage_over)
    game.refresh_from_db()
    day0.refresh_from_db()
    assert day0.ended_at is None and game.clock_paused_at == outage_over
    told = LogEntry.objects.get(game=game, kind="missed_phase_ends")
    assert told.visibility == "moderators"
    assert GamePhase.objects.filter(game=game).count() == 1
    # The moderators end the phase from the phase panel: the game resumes from then.
    resumed = outage_over + dt.timedelta(minutes=5)
    phase_end_now(game_id=game.pk, by=moderator_of(game), now=resumed, code="day", number=0)
    game.refresh_from_db()
    night = phase_now(game)
    assert game.clock_paused_at is None
    assert (night.code, night.number, night.started_at) == ("night", 0, resumed)
    end_phase(game, late=dt.timedelta(seconds=1))
    assert phase_now(game).code == "day"


def test_one_overdue_phase_end_runs_as_usual():
    game, p = classic_game(phase_minutes=1)
    end_phase(game, late=dt.timedelta(seconds=30))
    game.refresh_from_db()
    assert game.clock_paused_at is None and phase_now(game).code == "night"


def test_ending_a_phase_through_the_api_names_the_phase():
    game, p = classic_game()
    mod = client_for(moderator_of(game))
    url = f"/api/v1/games/{game.pk}/phase/end"
    unnamed = mod.post(url, json.dumps({}), content_type="application/json")
    assert unnamed.status_code in (400, 422)
    assert phase_now(game).ended_at is None
    named = mod.post(url, json.dumps({"code": "day", "number": 0}), content_type="application/json")
    assert named.status_code == 200
    again = mod.post(url, json.dumps({"code": "day", "number": 0}), content_type="application/json")
    assert again.status_code == 409
    assert GamePhase.objects.filter(game=game).count() == 2
