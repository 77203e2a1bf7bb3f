"""The vote page and the moderators' queue with Tab, Enter and Space only: a skip link is the first
tab stop, every stop shows the app's own focus style, and the first action is two stops away
(past, on the queue, the links of the rulings it cites)."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from game.models import Kill, KillStatus, Vote
from game.selectors.rulings import CITATION
from game.services.killing.kills import kill_report
from tests.browser.conftest import DESKTOP
from tests.browser.test_refused_forms import day_running_for_hours
from tests.factories import moderator_of, running_game
from tests.game.helpers import a_minute_passes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED = """() => {
  const el = document.activeElement, style = getComputedStyle(el);
  return {id: el.id, tag: el.tagName, text: el.textContent.trim().slice(0, 40),
          outline: style.outlineStyle, width: parseFloat(style.outlineWidth)};
}"""


def tab(page: Page) -> dict:
    page.keyboard.press("Tab")
    focused = page.evaluate(FOCUSED)
    assert focused["outline"] != "none" and focused["width"] >= 2, focused
    return focused


def past_citations(page: Page) -> dict:
    """The next control after the rulings the page's text cites, each a link of its own."""
    focused = tab(page)
    while focused["tag"] == "A" and CITATION.fullmatch(focused["text"]):
        focused = tab(page)
    return focused


def skip_to_content(page: Page) -> None:
    first = tab(page)
    assert first["text"] == "Skip to content", first
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"


def test_a_player_votes_with_the_keyboard_alone(phone):
    game, players = running_game(5)
    day_running_for_hours(game)
    voter, suspect = players[1], players[2]
    page = phone(voter.user)
    page.goto(f"/games/{game.pk}/vote/")
    skip_to_content(page)
    assert past_citations(page)["id"] == "id_target"
    while page.input_value("#id_target") != str(suspect.pk):
        page.keyboard.press("ArrowDown")
    assert past_citations(page)["tag"] == "SUMMARY"
    page.keyboard.press("Space")
    expect(page.locator("#id_condition")).to_be_visible()
    while tab(page)["id"] != "cast-vote":
        pass
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Your vote for day 1 is recorded.")
    announcer = page.get_by_role("status")
    expect(announcer).to_have_text("Your vote for day 1 is recorded.")
    assert Vote.objects.get(game=game).target_id == suspect.pk


def test_a_moderator_confirms_a_kill_in_the_queue_with_the_keyboard_alone(
    browser_contexts, live_server
):
    game, players = running_game(6)
    day_running_for_hours(game)
    killer, victim = players[0], players[3]
    kill = kill_report(
        game_id=game.pk,
        by=killer.user,
        side="killer",
        other_player_id=victim.pk,
        method="free_kill",
        location="Lobby 7",
        now=timezone.now(),
    )
    page = browser_contexts(DESKTOP, live_server.url, moderator_of(game)).new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"/games/{game.pk}/mod/queue/")
    skip_to_content(page)
    # The rulings the queue cites are links to the rules page: the only stops before the reason.
    focused = tab(page)
    while focused["id"] != f"confirm-reason-{kill.pk}":
        assert re.fullmatch(r"R\d+", focused["text"]), focused
        focused = tab(page)
    page.keyboard.type("Both agree")
    rejecting = page.locator(f"#reject-reason-{kill.pk}")
    while tab(page)["text"] != "Confirm kill":
        assert not rejecting.evaluate("el => el === document.activeElement")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Kill confirmed")
    expect(page.locator("#messages")).to_be_focused()
    a_minute_passes()
    assert Kill.objects.get(pk=kill.pk).status == KillStatus.CONFIRMED


TAB_STOP_COVERED = """() => {
  const r = document.activeElement.getBoundingClientRect();
  const bar = document.querySelector('.bottom-nav').getBoundingClientRect();
  return r.top < 0 || r.bottom > Math.min(innerHeight, bar.top);
}"""


ZOOMED_DESKTOP = {"width": 640, "height": 400}


@pytest.mark.parametrize(
    "viewport", [{"width": 375, "height": 812}, ZOOMED_DESKTOP], ids=["phone", "200%"]
)
def test_every_tab_stop_of_the_vote_page_shows_above_the_bottom_bar(viewport, signed_in):
    """The walk focuses controls by script; here the Tab key itself goes through the vote page,
    on a phone and in a 1280 x 800 desktop window at 200 % zoom (640 x 400 CSS px), and no stop
    is under the bottom bar (WCAG 2.2 2.4.11)."""
    game, players = running_game(5)
    day_running_for_hours(game)
    page = signed_in(players[1].user, viewport=viewport).new_page()
    page.goto(f"/games/{game.pk}/vote/")
    page.locator("#vote-form summary").click()
    page.locator("#main").focus()
    stops = []
    while not stops or stops[-1]["id"] != "cast-vote":
        stops.append(tab(page))
        assert not page.evaluate(TAB_STOP_COVERED), stops[-1]
        assert len(stops) < 20, stops
