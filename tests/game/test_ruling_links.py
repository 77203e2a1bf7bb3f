"""Ruling citations link to the game's rules page, which explains its family of rulings in plain
words (docs/rulings.md)."""

import pytest

from game.models import Visibility
from game.selectors.rulings import all_rulings, rulings_of
from game.services.log import log_append
from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.game.classic.helpers import classic_game
from tests.game.helpers import current_day

pytestmark = pytest.mark.django_db


def test_every_family_is_read_with_its_plain_words():
    rulings = all_rulings()
    assert rulings["R5"].startswith("One vote a day per living player")
    assert [code for code, _ in rulings_of("classic")][:2] == ["C1", "C2"]
    assert all(code.startswith("R") for code, _ in rulings_of("live_action"))


def test_the_rules_page_explains_its_own_family_at_anchors():
    game, p = classic_game()
    page = client_for(p["vil1"].user).get(f"/games/{game.pk}/rules/").content.decode()
    assert '<dt id="C5">C5</dt>' in page and 'id="R5"' not in page


def test_a_citation_in_the_log_links_to_the_ruling():
    game, _players = running_game(4)
    log_append(
        game=game,
        kind="note",
        text="Nobody voted: everyone voted for themself (R5).",
        visibility=Visibility.PUBLIC,
        now=current_day(game).started_at,
    )
    page = client_for(moderator_of(game)).get(f"/games/{game.pk}/log/").content.decode()
    assert f'<a href="/games/{game.pk}/rules/#R5" title="One vote a day' in page
