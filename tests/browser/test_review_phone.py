"""A finished game's review on a 375 px phone: the whole timeline fits, and the filter by player
keeps the link to share as filtered."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_kills_frame_to_answer import fits_the_phone, phone_page
from tests.game.investigation_steps import framed_investigation
from tests.game.review.helpers import finish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_review_fits_the_phone_and_filters_by_player(signed_in):
    t = framed_investigation().t
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
