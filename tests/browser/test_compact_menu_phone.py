"""At 375 px the game's menu is one row of 44 px targets that scrolls sideways, so the header
stays short and the page's primary action shows above the fold."""

from tests.factories import running_game

MAX_MENU_HEIGHT = 70


def test_the_menu_is_one_row_of_44_px_targets_and_the_vote_button_is_above_the_fold(phone):
    game, (_m, player, *_rest) = running_game(6)
    page = phone(player.user)
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(f"/games/{game.pk}/vote/")
    menu = page.locator("nav.game-nav").bounding_box()
    assert menu["height"] <= MAX_MENU_HEIGHT, menu
    for link in page.locator("nav.game-nav a").all():
        assert link.evaluate("a => a.getBoundingClientRect().height") >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    button = page.locator("#vote-form button[type=submit]").first.bounding_box()
    bottom_bar = page.locator(".bottom-nav").bounding_box()
    assert button["y"] + button["height"] <= bottom_bar["y"], (button, bottom_bar)
