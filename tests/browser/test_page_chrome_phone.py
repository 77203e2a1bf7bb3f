"""What surrounds every game page on a phone: the bottom bar, the day's countdown in the header,
the bell with its count, disclosure markers, dark mode."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from forums.models import Notification
from forums.services import thread_create
from tests.browser.conftest import DESKTOP
from tests.browser.test_refused_forms import day_running_for_hours
from tests.factories import moderator_of, running_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_every_game_page_has_the_bottom_bar_and_the_day_countdown_for_players_and_moderators(
    phone,
):
    game, players = running_game(5)
    day_running_for_hours(game)
    player_page, moderator_page = phone(players[1].user), phone(moderator_of(game))
    visits = [
        (player_page, ["/", "/me/", "/vote/", "/votes/", "/log/", "/kills/", "/investigate/"]),
        (moderator_page, ["/", "/mod/", "/mod/queue/", "/mafia/", "/votes/"]),
    ]
    for page, paths in visits:
        for path in [f"/games/{game.pk}{p}" for p in paths] + [f"/forums/games/{game.pk}/"]:
            page.goto(path)
            clock = page.locator("header #day-clock")
            expect(clock).to_contain_text("Day 1 ends in 5h")
            bar = page.get_by_role("navigation", name="Shortcuts")
            expect(bar).to_be_visible()
            links = bar.get_by_role("link")
            names = links.all_inner_texts()
            assert names[0] == "Overview" and names[2:] == ["Forums", "Messages"], names
            assert names[1] == ("Vote" if page is player_page else "Dashboard"), names
            for box in (links.nth(i).bounding_box() for i in range(links.count())):
                assert box["height"] >= 44 and box["width"] >= 44, (path, box)
            assert page.evaluate("document.documentElement.scrollWidth") <= 375, path


def test_the_bottom_bar_is_for_phones_only(browser_contexts, live_server):
    game, players = running_game(5)
    page = browser_contexts(DESKTOP, live_server.url, players[0].user).new_page()
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("navigation", name="Shortcuts")).to_be_hidden()
    expect(page.get_by_role("navigation", name=game.name)).to_be_visible()


def test_the_bell_is_an_icon_whose_name_says_the_count(phone):
    game, players = running_game(5)
    reader = players[1]
    # The start's own notices (game started, role dealt) are read: only the mention is new.
    Notification.objects.filter(user=reader.user).update(read_at=timezone.now())
    thread_create(
        game_id=game.pk,
        board_kind="town_square",
        by=players[0].user,
        title="Hello",
        body=f"@{reader.name} where were you?",
        now=timezone.now(),
    )
    page = phone(reader.user)
    page.goto(f"/games/{game.pk}/")
    bell = page.get_by_role("link", name="Notifications 1 unread")
    expect(bell).to_be_visible()
    assert "Bell" not in bell.inner_text()
    assert bell.locator("svg").count() == 1
    assert bell.get_attribute("aria-label") is None
    expect(page.locator("#bell-count")).to_have_attribute("aria-live", "polite")


def test_collapsible_sections_show_a_disclosure_marker(phone):
    game, players = running_game(5)
    day_running_for_hours(game)
    page = phone(players[1].user)
    page.goto(f"/games/{game.pk}/vote/")
    summary = page.locator("summary").first
    assert summary.evaluate("el => getComputedStyle(el).display") == "list-item"
    box = summary.bounding_box()
    assert box["height"] >= 44


def test_dark_mode_follows_the_system_setting(browser_contexts, live_server):
    game, players = running_game(5)
    colours = {}
    for scheme in ("light", "dark"):
        page = browser_contexts(user=players[0].user, base_url=live_server.url).new_page()
        page.emulate_media(color_scheme=scheme)
        page.goto(f"/games/{game.pk}/")
        body = page.locator("body")
        colours[scheme] = body.evaluate(
            "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
        )
    assert colours["light"] == ["rgb(250, 250, 250)", "rgb(29, 29, 31)"]
    assert colours["dark"] == ["rgb(18, 18, 20)", "rgb(232, 232, 234)"]
