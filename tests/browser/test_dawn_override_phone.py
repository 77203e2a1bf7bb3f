"""The dawn's override on a phone (C1-C4): the moderator types part of a name, ticks a player
found, types another name (the first stays ticked), ticks a second and overrides the dawn: both
die at dawn. The search answers as they type (htmx, `mod_player_search`), not a list of every
living player."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game.services.nights.phases import phase_end_now
from tests.factories import moderator_of
from tests.game.classic.helpers import classic_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 812}


def test_the_moderator_finds_two_players_by_name_and_both_die_at_dawn(
    browser_contexts, live_server
):
    game, p = classic_game(start=timezone.now())
    mod = moderator_of(game)
    phase_end_now(game_id=game.pk, by=mod, now=timezone.now(), code="day", number=0)
    page = browser_contexts(PHONE, live_server.url, mod).new_page()
    page.goto(f"/games/{game.pk}/mod/")
    picks = page.locator("#dawn-picks input[name=victim]")
    expect(picks).to_have_count(0)

    page.locator("#dawn-q").press_sequentially("vil")
    expect(picks).to_have_count(4)
    page.check(f"#dawn-picks input[value='{p['vil2'].pk}']")
    page.locator("#dawn-q").fill("")
    page.locator("#dawn-q").press_sequentially("doc")
    expect(picks).to_have_count(2)
    expect(page.locator(f"#dawn-picks input[value='{p['vil2'].pk}']")).to_be_checked()
    page.check(f"#dawn-picks input[value='{p['doc'].pk}']")

    page.fill("#dawn-reason", "The doctor's choice came late")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#override-dawn")
    verdict = page.locator("#dawn-preview p strong").first
    expect(verdict).to_contain_text("die.")
    expect(verdict).to_contain_text("vil2")
    expect(verdict).to_contain_text("doc")
