"""A finished game's review on a 375 px phone: the whole timeline fits, and the filter by player
keeps the link to share as filtered."""

import re

import pytest
from playwright.sync_api import expect

from game.services.mafia_powers.powers import mafia_frame
from tests.browser.test_kills_frame_to_answer import fits_the_phone, phone_page
from tests.game.kills_setup import confirmed_kill, town
from tests.game.review.helpers import finish
from tests.game.test_investigations import ask, send, visit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_review_fits_the_phone_and_filters_by_player(signed_in):
    t = town()
    victim, innocent = t.townies[0], t.townies[1]
    mafia_frame(
        game_id=t.game.pk,
        by=t.mafia.user,
        suspect_id=innocent.pk,
        victim_id=victim.pk,
        now=t.at(10),
    )
    confirmed_kill(t, t.mafia2, victim, "free_kill", 30)
    visit(t, t.investigator, victim)
    send(t, ask(t, t.investigator, victim, [innocent]))
    finish(t.game)
    page = phone_page(signed_in, t.investigator)
    page.goto(f"/games/{t.game.pk}/review/")
    fits_the_phone(page)
    expect(page.locator(".review-investigation")).to_contain_text("Reported answer: yes (framed)")
    page.select_option("#review-player", str(t.vigilante.pk))
    page.click("form[aria-label='Filter the timeline'] button")
    expect(page.locator("#review-share")).to_have_value(re.compile(f"player={t.vigilante.pk}"))
    fits_the_phone(page)
    assert page.locator(".review-investigation").count() == 0
