"""A solo HP game on a phone (375 px, H10): started from the home page with 10 players, played by
the person until they are out, then by the computer alone to the end, whose closing list says who
was what (H9)."""

import pytest

from game.models import Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES_TRIED = 10
"""A person may survive to the end; the chance that ten games in a row end with them alive is
far below one in a million."""


def play_until_out_or_over(page) -> bool:
    """Clicks the first choice of each prompt; True when the person ended out of the game."""
    for _ in range(60):
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        if "Game Over." in page.inner_text("#hp-log"):
            return "out of the game" in page.inner_text("#hp-me")
        page.locator("#hp-choice button").first.click()
        page.wait_for_load_state()
    raise AssertionError("the game did not end")


def test_a_solo_game_from_the_home_page_played_to_the_persons_death_and_on_to_the_end(phone, user):
    page = phone(user)
    for _ in range(GAMES_TRIED):
        page.goto("/")
        page.fill("#hp-players", "10")
        page.select_option("#hp-role", "")
        page.click("#hp-start")
        page.wait_for_selector("#hp-me")
        assert page.locator("#hp-choice button, #hp-watching").count() >= 1
        if play_until_out_or_over(page):
            break
    else:
        raise AssertionError("the person survived every game")
    log = page.inner_text("#hp-log")
    assert "Game Over." in log
    assert "The Mafias have" in log
    assert " were Commoners." in log and "Detectives." in log
    assert Player.objects.filter(user=user, alive=False).exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
