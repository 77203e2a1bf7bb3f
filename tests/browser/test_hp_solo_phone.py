"""A solo HP game on a phone (375 px, H10): started from the home page with 10 players, played by
the person until they are out, then by the computer alone to the end, whose closing list says who
was what (H9)."""

from types import SimpleNamespace

import pytest

from game.models import Player
from game.services.hp import solo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = "hp-solo-phone-1"
"""One game in every run (C8): the person, dealt a Commoner, votes for the first name offered
on days 1 to 3, is out on day 3, and the computer plays on to the Mafias' loss on day 5."""


def play_until_over(page) -> int:
    """Clicks the first choice of each prompt, each time on the page the last one brought; the
    number of clicks when the game is over."""
    for clicks in range(60):
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        if "Game Over." in page.inner_text("#hp-log"):
            return clicks
        with page.expect_navigation():
            page.locator("#hp-choice button").first.click()
    raise AssertionError("the game did not end")


def test_a_solo_game_from_the_home_page_played_to_the_persons_death_and_on_to_the_end(
    phone, user, monkeypatch
):
    monkeypatch.setattr(solo, "secrets", SimpleNamespace(token_hex=lambda _: SEED))
    page = phone(user)
    page.goto("/")
    page.fill("#hp-players", "10")
    page.select_option("#hp-role", "")
    with page.expect_navigation():
        page.click("#hp-start")
    assert page.locator("#hp-choice button").count() >= 1
    assert play_until_over(page) == 6
    assert "out of the game" in page.inner_text("#hp-me")
    person = Player.objects.get(user=user)
    assert (person.role, person.alive, person.death_day) == ("commoner", False, 3)
    assert person.game.current_day == 5
    log = page.inner_text("#hp-log")
    assert "Game Over." in log
    assert "The Mafias have lost." in log
    assert " were Commoners." in log and "Detectives." in log
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
