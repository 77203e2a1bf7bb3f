"""Choosing the death swaps in its suspects (htmx) at 375 px, and without scripts the same
question takes two steps: choose the death, then its suspects."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from tests.browser.axe import axe_violations, blocking
from tests.browser.conftest import PHONE
from tests.game.kills_setup import confirmed_kill, town

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"{page.url} is {width}px wide"


def two_kills():
    t = town()
    t.early, t.victim = t.townies[1], t.townies[0]
    confirmed_kill(t, t.mafia, t.early, "free_kill", 10)
    confirmed_kill(t, t.serial_killer, t.victim, "serial_killer", 30)
    return t


def suspect(page: Page, player):
    return page.locator(f"input[name=suspects][value='{player.pk}']")


def test_choosing_the_death_offers_its_suspects_in_place(signed_in):
    t = two_kills()
    page = signed_in(t.investigator.user).new_page()
    page.goto(f"/games/{t.game.pk}/investigate/")
    fits_the_phone(page)
    page.select_option("#visit-victim", str(t.victim.pk))
    page.click("#visit-submit")
    expect(page.locator(".messages")).to_contain_text("Visit recorded.")
    expect(page.locator("#ask-choose")).to_be_hidden()

    page.focus("#ask-victim")
    page.select_option("#ask-victim", str(t.victim.pk))
    expect(suspect(page, t.mafia)).to_be_visible()
    expect(suspect(page, t.early)).to_have_count(0)
    expect(suspect(page, t.investigator)).to_have_count(0)
    expect(page.locator("#ask-suspects legend")).to_contain_text(f"kill {t.victim.name}?")
    expect(page.locator("#ask-suspects-status")).to_contain_text(
        f"possible suspects of the kill of {t.victim.name}."
    )
    # The swap leaves the focus where the player chose the death.
    expect(page.locator("#ask-victim")).to_be_focused()
    fits_the_phone(page)
    assert blocking(axe_violations(page)) == []

    page.select_option("#ask-victim", str(t.early.pk))
    expect(suspect(page, t.victim)).to_be_visible()
    page.select_option("#ask-victim", str(t.victim.pk))
    expect(suspect(page, t.victim)).to_have_count(0)
    expect(suspect(page, t.early)).to_have_count(0)

    suspect(page, t.mafia).check()
    page.click("#ask-submit")
    expect(page.locator(".messages")).to_contain_text("Investigation sent.")
    expect(page.locator("#pending-questions")).to_contain_text(
        f"Did {t.mafia.name} kill {t.victim.name}?"
    )


def test_without_scripts_the_death_is_chosen_then_its_suspects(browser, live_server):
    t = two_kills()
    client = Client()
    client.force_login(t.investigator.user)
    context = browser.new_context(
        viewport=PHONE, base_url=live_server.url, java_script_enabled=False
    )
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    try:
        page = context.new_page()
        page.goto(f"/games/{t.game.pk}/investigate/")
        page.select_option("#visit-victim", str(t.victim.pk))
        page.click("#visit-submit")
        expect(suspect(page, t.mafia)).to_have_count(0)
        page.select_option("#ask-victim", str(t.victim.pk))
        page.click("#ask-choose")
        expect(suspect(page, t.mafia)).to_be_visible()
        expect(suspect(page, t.early)).to_have_count(0)
        fits_the_phone(page)
        suspect(page, t.mafia).check()
        page.click("#ask-submit")
        expect(page.locator(".messages")).to_contain_text("Investigation sent.")
    finally:
        context.close()
