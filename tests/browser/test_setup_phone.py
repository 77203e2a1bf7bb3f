"""The moderators' set-up on a 375 px phone: the check of the counts against the players before
the deal, the share link to the players' page, and role dropdowns wide enough to read."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import make_game, moderator_of, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_setup_checks_counts_shares_the_players_page_and_reads_roles(phone, live_server):
    # Counts set above the sign-ups: the defaults would follow the 6 players and fit them.
    game = make_game(setup={"roles": {"mafia": 5, "serial_killer": 2}})
    sign_up(game, 6)
    page = phone(moderator_of(game))
    page.goto(f"/games/{game.pk}/mod/")
    share = page.locator("#share-link a")
    expect(share).to_have_attribute(
        "href", live_server.url + reverse("game_detail", args=[game.pk])
    )
    check = page.locator("#setup-check")
    expect(check).to_contain_text("6 signed up")
    expect(page.locator(".messages .warning").first).to_contain_text(
        "The role counts name 7 roles for 6 players: lower them by 1"
    )
    role = page.locator("select[name=role]").first
    box = role.bounding_box()
    assert box["width"] >= 180, box
    widest = role.evaluate(
        "el => { const c = document.createElement('canvas').getContext('2d');"
        " c.font = getComputedStyle(el).font;"
        " return Math.max(...[...el.options].map(o => c.measureText(o.text).width)); }"
    )
    assert box["width"] >= widest, (box["width"], widest)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
