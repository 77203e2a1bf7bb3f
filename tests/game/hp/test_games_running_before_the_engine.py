"""An HP game running before HP ran on the phase engine (no phase row, its step's deadline an
"hp_step_end" event, the vote counted by the ties announced today, H8) gets the phase of the
step it is in at the migration, with that deadline, and plays on from there."""

from __future__ import annotations

import datetime as dt
from importlib import import_module

import pytest
from django.apps import apps

from game.models import DueEvent, Game, GamePhase, LogEntry, Visibility
from game.services.deadlines import process_due_events
from tests.game.deaths_by_rule_set import NOW, hp_game

pytestmark = pytest.mark.django_db
migration = import_module("game.migrations.0020_hp_games_on_the_phase_engine")


def test_a_game_in_its_second_vote_gets_that_vote_as_its_phase_and_deadline():
    game, p = hp_game()
    GamePhase.objects.filter(game=game).delete()
    DueEvent.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).update(current_phase="day", current_day=1)
    LogEntry.objects.create(
        game=game, day=1, kind="hp_tie", text="tied", visibility=Visibility.PUBLIC, created_at=NOW
    )
    due = NOW + dt.timedelta(hours=2)
    DueEvent.objects.create(game=game, kind="hp_step_end", day=1, due_at=due, key="old:1:day:2")
    stale = DueEvent.objects.create(
        game=game, kind="hp_step_end", day=1, due_at=NOW, key="old:1:day:1"
    )
    migration.running_hp_games_phased(apps, None)
    phase = GamePhase.objects.get(game=game)
    assert (phase.code, phase.number, phase.ends_at, phase.event.kind) == (
        "vote_2",
        1,
        due,
        "phase_end",
    )
    assert DueEvent.objects.get(pk=stale.pk).done_at is not None
    game.refresh_from_db()
    assert game.current_phase == "vote_2"
    assert process_due_events(now=due + dt.timedelta(minutes=1)) == 1
    game.refresh_from_db()
    assert (game.current_day, game.current_phase) in {(1, "vote_3"), (2, "night")}
