"""A Chiang Mai game dealt before its nights and days ran on the phase engine (its entries in
phase rows never ended, no row yet for the phase a last Next began, no current phase) gets its
phases at the migration: each ended at the host's step that ended it, the story's phase open
with no deadline, and plays on from there (M10, M12)."""

from importlib import import_module

import pytest
from django.apps import apps

from game.models import Game, GamePhase
from game.rulesets.chiang_mai.story_state import AFTER, DAY
from tests.game.chiang_mai.test_phases_on_the_engine import Table, phases

pytestmark = pytest.mark.django_db
migration = import_module("game.migrations.0022_chiang_mai_games_on_the_phase_engine")


def as_before_the_engine(game: Game) -> None:
    """The rows as the host's entries left them: a phase made by its first entry, never ended."""
    rows = GamePhase.objects.filter(game=game)
    rows.filter(state__entries__isnull=True).exclude(code="deal").delete()
    for row in rows:
        row.ended_at, row.ends_at = None, row.started_at
        row.save(update_fields=["ended_at", "ends_at"])
    Game.objects.filter(pk=game.pk).update(current_phase="", current_day=0)


def test_a_game_whose_host_just_tapped_next_gets_the_day_that_next_began():
    table = Table()
    story = table.play_until(table.enter({"kind": "next"}), lambda s: s.stage == DAY)
    engine = phases(table.game)
    as_before_the_engine(table.game)
    assert phases(table.game) == [("deal", 0, True), ("night", 1, True)]
    migration.chiang_mai_games_phased(apps, None)
    assert (
        phases(table.game)
        == engine
        == [
            ("deal", 0, False),
            ("night", 1, False),
            ("day", 1, True),
        ]
    )
    table.game.refresh_from_db()
    assert (table.game.current_phase, table.game.current_day) == ("day", 1)
    assert GamePhase.objects.get(game=table.game, code="day").ends_at is None
    story = table.play_until(story, lambda s: s.night == 2 or s.winner)
    assert phases(table.game)[-2:] in (
        [("day", 1, False), ("night", 2, True)],
        [("night", 1, False), ("day", 1, False)],
    )


def test_a_game_in_its_dawn_keeps_its_night_open_and_a_won_game_its_phases_ended():
    table = Table()
    table.play_until(table.enter({"kind": "next"}), lambda s: s.stage == AFTER)
    won = Table()
    won.play_until(won.enter({"kind": "next"}), lambda s: s.winner)
    engine = phases(table.game), phases(won.game)
    as_before_the_engine(table.game)
    as_before_the_engine(won.game)
    migration.chiang_mai_games_phased(apps, None)
    assert (phases(table.game), phases(won.game)) == engine
    assert phases(table.game)[-1] == ("night", 1, True)
    story = table.undo()
    assert story.entries and phases(table.game)[-1] == ("night", 1, True)
