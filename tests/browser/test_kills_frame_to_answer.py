"""A frame, a kill reported and confirmed, a visit and an investigation answered "yes (framed)",
from the players' phones (375 px) and the moderator's desktop."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import DESKTOP
from tests.game.helpers import a_minute_passes
from tests.game.kills_setup import town

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"{page.url} is {width}px wide"


def phone_page(signed_in, player) -> Page:
    page = signed_in(player.user).new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def test_a_framed_townie_comes_up_yes_framed_and_the_investigator_reads_yes(signed_in):
    t = town()
    victim, innocent = t.townies[0], t.townies[1]
    game = t.game.pk

    framer = phone_page(signed_in, t.mafia)
    framer.goto(f"/games/{game}/mafia/")
    fits_the_phone(framer)
    framer.select_option("#frame-suspect", str(innocent.pk))
    framer.select_option("#frame-victim", str(victim.pk))
    framer.click("#frame-submit")
    expect(framer.locator(".messages")).to_contain_text("Framed.")
    expect(framer.locator('[data-power="frame"]')).to_have_text("3")

    killer = phone_page(signed_in, t.mafia2)
    killer.goto(f"/games/{game}/kills/")
    fits_the_phone(killer)
    killer.select_option("#kill-other", str(victim.pk))
    killer.select_option("#kill-method", "free_kill")
    killer.fill("#kill-location", "Lobby 10")
    killer.click("#kill-report-submit")
    expect(killer.locator(".messages")).to_contain_text("Kill reported")

    dead = phone_page(signed_in, victim)
    dead.goto(f"/games/{game}/kills/")
    fits_the_phone(dead)
    dead.locator("button.confirm-kill").click()
    expect(dead.locator(".messages")).to_contain_text("the moderators have your answer")

    moderator = signed_in(t.mod, viewport=DESKTOP).new_page()
    moderator.on("dialog", lambda dialog: dialog.accept())
    moderator.goto(f"/games/{game}/mod/queue/")
    expect(moderator.locator("#queue-link")).to_contain_text("Queue (1)")
    moderator.locator("button.confirm-kill").click()
    expect(moderator.locator(".messages")).to_contain_text("Kill confirmed")
    a_minute_passes()

    investigator = phone_page(signed_in, t.investigator)
    investigator.goto(f"/games/{game}/investigate/")
    fits_the_phone(investigator)
    investigator.select_option("#visit-victim", str(victim.pk))
    investigator.click("#visit-submit")
    expect(investigator.locator(".messages")).to_contain_text("Visit recorded.")
    investigator.select_option("#ask-capacity", "investigator")
    investigator.select_option("#ask-victim", str(victim.pk))
    investigator.check(f"input[name=suspects][value='{innocent.pk}']")
    investigator.click("#ask-submit")
    expect(investigator.locator(".messages")).to_contain_text("Investigation sent.")
    expect(investigator.locator("#pending-questions")).to_contain_text(
        f"Did {innocent.name} kill {victim.name}?"
    )
    expect(investigator.locator("#ask-submit")).to_have_count(0)

    moderator.goto(f"/games/{game}/mod/queue/")
    expect(moderator.locator(".computed")).to_have_text("yes (framed)")
    moderator.locator("button.send-answer").click()
    expect(moderator.locator(".messages")).to_contain_text("Answer sent")
    a_minute_passes()

    investigator.goto(f"/games/{game}/results/")
    fits_the_phone(investigator)
    expect(investigator.locator("#investigation-results .answer")).to_have_text("yes")
    expect(investigator.locator("body")).not_to_contain_text("framed")
