"""The moderators' dashboard at 375 px and 1280 px (issue 29): sections that fold, what needs the
moderator now first and open with its counts in the summary, the settings, roster, items,
deadlines and history folded; on a desktop, two columns across a wider page."""

import pytest
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

from game.models import Game
from game.rulesets.live_action.roles import Role
from game.services.killing.kills import kill_report
from tests.browser.conftest import DESKTOP
from tests.factories import moderator_of
from tests.game.classic.helpers import classic_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_812 = {"width": 375, "height": 812}
# The 30-player demo's dashboard measured 10,221 px at 375 px before it folded.
FOLDED_MAX_HEIGHT = 2_500


def demo_with_a_kill_to_decide() -> Game:
    """The demo game (30 players, an investigation waiting) and a victim's report of a kill."""
    call_command("demo_load", stdout=open("/dev/null", "w"))  # noqa: SIM115
    game = Game.objects.get(name="Demo game")
    mafia = game.players.filter(alive=True, role=Role.MAFIA).first()
    victim = game.players.filter(alive=True, role=Role.TOWNIE).select_related("user").first()
    kill_report(
        game_id=game.pk,
        by=victim.user,
        side="victim",
        other_player_id=mafia.pk,
        method="free_kill",
        location="Lobby 10",
        now=timezone.now(),
    )
    return game


def sections(page) -> list[tuple[str, bool]]:
    return page.locator("main details.dash-section").evaluate_all(
        "els => els.map(e => [e.id, e.open])"
    )


def test_the_demo_dashboard_opens_on_what_waits_and_folds_the_rest_on_a_phone(
    browser_contexts, live_server
):
    game = demo_with_a_kill_to_decide()
    page = browser_contexts(PHONE_812, live_server.url, moderator_of(game)).new_page()
    page.goto(f"/games/{game.pk}/mod/")
    found = sections(page)
    assert found[:2] == [["dash-waiting", True], ["dash-day", True]]
    assert [open_ for _, open_ in found[2:]] == [False] * (len(found) - 2)
    assert {"dash-players", "dash-items", "dash-settings", "dash-log"} <= {i for i, _ in found}
    expect(page.locator("#dash-waiting > summary")).to_have_text(
        "Waiting for you 1 kill, 1 investigation"
    )
    expect(page.locator("#dash-players > summary")).to_have_text("Players (30) 29 alive, 1 dead")
    expect(page.locator("#dash-queue")).to_have_text("Open the queue (2 waiting)")
    assert page.locator("#dash-queue").bounding_box()["y"] < PHONE_812["height"]
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"dashboard of the 30-player demo at 375 px: {height} px")
    assert height < FOLDED_MAX_HEIGHT
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_812["width"]
    expect(page.locator("#dash-players table")).to_be_hidden()
    page.locator("#dash-players > summary").click()
    expect(page.locator("#dash-players table")).to_be_visible()


def test_on_a_desktop_the_dashboard_is_two_columns_across_a_wider_page(
    browser_contexts, live_server
):
    game = demo_with_a_kill_to_decide()
    page = browser_contexts(DESKTOP, live_server.url, moderator_of(game)).new_page()
    page.goto(f"/games/{game.pk}/mod/")
    assert page.locator("main").bounding_box()["width"] >= 1200
    waiting = page.locator("#dash-waiting").bounding_box()
    day = page.locator("#dash-day").bounding_box()
    assert waiting["y"] == day["y"] and day["x"] > waiting["x"] + waiting["width"]
    assert waiting["width"] > 500
    log = page.locator("#dash-log").bounding_box()
    assert log["width"] > 2 * waiting["width"]


def test_the_classic_dashboard_opens_on_the_phase_and_folds_the_rest(browser_contexts, live_server):
    game, _players = classic_game()
    page = browser_contexts(PHONE_812, live_server.url, moderator_of(game)).new_page()
    page.goto(f"/games/{game.pk}/mod/")
    found = sections(page)
    assert found[0] == ["dash-phase", True]
    assert [open_ for _, open_ in found[1:]] == [False] * (len(found) - 1)
    expect(page.locator("#end-phase-now")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollHeight") < 2 * PHONE_812["height"]
