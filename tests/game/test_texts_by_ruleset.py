"""Classic games get their own texts, not the live-action game's: the rules page's phase times
(C1), the dashboard's settings, and no undo offered before any day has ended."""

import pytest
from django.utils.html import strip_tags

from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.game.classic.helpers import classic_game
from tests.game.helpers import end_day

pytestmark = pytest.mark.django_db


def page(user, url: str) -> str:
    response = client_for(user).get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_phase_timed_classic_games_rules_page_gives_the_phase_length():
    game, p = classic_game(phase_minutes=30)
    text = strip_tags(page(p["vil1"].user, f"/games/{game.pk}/rules/"))
    assert "Each day and night lasts" in text and "30 minutes (C1)" in text
    assert "Days end at" not in text and "R18" not in text


def test_a_clock_timed_classic_games_rules_page_gives_both_end_times():
    game, p = classic_game()
    text = strip_tags(page(p["vil1"].user, f"/games/{game.pk}/rules/"))
    assert "Days end at (C1)" in text and "Nights end at (C1)" in text


def test_the_classic_dashboard_has_no_live_action_settings_nor_items():
    game, _p = classic_game()
    text = page(moderator_of(game), f"/games/{game.pk}/mod/")
    for live_only in ("serial_killer_kills_count", "answers_without_review", "secret_ballots"):
        assert f'name="{live_only}"' not in text
    assert "<h2>Items" not in text
    assert 'name="phase_minutes"' in text


def test_the_undo_is_offered_only_once_a_day_has_ended():
    game, _players = running_game(5)
    mod = moderator_of(game)
    assert 'id="day-end-undo"' not in page(mod, f"/games/{game.pk}/mod/")
    end_day(game)
    assert "Undo the end of day 1" in page(mod, f"/games/{game.pk}/mod/")


def test_the_create_form_groups_the_night_and_day_fields_for_the_night_and_day_rule_sets(
    django_user_model,
):
    user = django_user_model.objects.create_user("maker", password="x")
    text = page(user, "/games/new/")
    listed = text.split('data-rulesets="')[1].split('"')[0].split()
    assert "classic" in listed and "live_action" not in listed
    fieldset = text.split('id="night-and-day-settings"')[1].split("</fieldset>")[0]
    for name in ("night_end_time", "phase_minutes", "night_ends_when_all_in"):
        assert f'name="{name}"' in fieldset
    assert 'name="day_end_time"' not in fieldset
