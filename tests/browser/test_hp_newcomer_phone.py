"""HP Mafia for a newcomer on a phone (H10): a signed-out visitor finds it on the home page,
plays a solo game as a guest without making an account, and at Game Over "Play again" starts
a new one."""

from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from game.models import Game
from game.services.hp import solo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = "hp-newcomer-1"


def play_until_over(page) -> int:
    for clicks in range(40):
        if "Game Over." in page.inner_text("#hp-log"):
            return clicks
        with page.expect_navigation():
            page.locator("#hp-choice button").first.click()
    raise AssertionError("the game did not end")


def test_a_signed_out_visitor_plays_hp_from_the_home_page_and_plays_again(phone, monkeypatch):
    monkeypatch.setattr(solo, "secrets", SimpleNamespace(token_hex=lambda _: SEED))
    page = phone()
    page.goto("/")
    expect(page.get_by_role("heading", name="Play HP Mafia now")).to_be_visible()
    page.get_by_label("Number of players (5 to 20)").fill("4")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#error-summary")).to_contain_text("Number of players")
    expect(page.locator("#hp-players")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Number of players (5 to 20)").fill("5")
    with page.expect_navigation():
        page.get_by_role("button", name="Start").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.locator("#hp-guest")).to_contain_text("guest")
    first = Game.objects.get()
    play_until_over(page)
    expect(page.get_by_role("heading", name="Game Over")).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Play again").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    second = Game.objects.exclude(pk=first.pk).get()
    assert page.url.endswith(f"/games/{second.pk}/hp/")
    assert second.players.count() == 5
    assert (
        second.players.filter(computer=False).get().user == first.players.get(computer=False).user
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
