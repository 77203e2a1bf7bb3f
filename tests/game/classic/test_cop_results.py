"""The cop's "My results" page in a classic game lists each dawn's result (C4), the page the
dawn's news line links to; nobody else reads it (R50)."""

import pytest
from django.utils.html import strip_tags

from tests.conftest import client_for
from tests.factories import moderator_of
from tests.game.classic.helpers import act, classic_game, end_phase

pytestmark = pytest.mark.django_db


def test_the_cops_results_page_shows_the_nights_result():
    game, p = classic_game()
    end_phase(game)
    act(game, p["cop"], p["maf2"])
    end_phase(game)
    page = client_for(p["cop"].user).get(f"/games/{game.pk}/results/").content.decode()
    assert 'id="night-results"' in page
    assert "Night 0" in page and "maf2" in page and "Mafia" in page
    assert "No investigation yet" not in page
    other = client_for(moderator_of(game)).get(f"/games/{game.pk}/players/{p['cop'].pk}/results/")
    assert "maf2" in other.content.decode()


def test_before_any_dawn_the_page_says_when_results_come():
    game, p = classic_game()
    page = client_for(p["cop"].user).get(f"/games/{game.pk}/results/").content.decode()
    assert "each dawn after a night you investigated brings one (C4)" in strip_tags(page)
