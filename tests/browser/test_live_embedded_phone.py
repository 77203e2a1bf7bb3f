"""Live pages with the embedded channel (`make run`'s: the database, no Redis), in Chromium at
375 px: what another player does shows on a player's open page without a reload."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from forums.models import BoardKind
from forums.services.boards import thread_create
from game.services.nights.phases import phase_end_now
from tests.browser.conftest import PHONE
from tests.browser.test_live_pages_phone import wait_until_live
from tests.factories import moderator_of
from tests.game.classic.helpers import classic_game, end_phase
from tests.game.helpers import vote
from tests.live.conftest import embedded_server  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser
HEAR = """kinds => {
  window.heard = [];
  const source = document.body["htmx-internal-data"].sseEventSource;
  kinds.forEach(kind => source.addEventListener(kind, () => window.heard.push(kind)));
}"""


def listen(page, *kinds: str) -> None:
    """From now on the page records the events it hears."""
    page.evaluate(HEAR, list(kinds))


def heard(page, kind: str) -> None:
    """Awaits `kind` on the page's stream (how soon it comes is the benchmark's to measure: a
    busy machine may take seconds)."""
    page.wait_for_function("kind => window.heard.includes(kind)", arg=kind)


@pytest.fixture
def phone_at(browser_contexts, embedded_server):  # noqa: F811 (the fixture imported above)
    return lambda user: browser_contexts(PHONE, embedded_server, user).new_page()


@pytest.fixture
def day_one():
    """A night-and-day game on day 1, whose votes every player sees as they are cast (C5)."""
    game, p = classic_game(start=timezone.now())
    end_phase(game)  # day 0
    end_phase(game)  # night 0
    return game, p


def test_a_post_shows_on_another_players_open_thread(phone_at, day_one):
    game, p = day_one
    thread = thread_create(
        game_id=game.pk,
        board_kind=BoardKind.TOWN_SQUARE,
        by=moderator_of(game),
        title="Who?",
        body="Talk.",
        now=timezone.now(),
    )
    reader = phone_at(p["vil1"].user)
    reader.goto(f"/forums/threads/{thread.pk}/")
    wait_until_live(reader)
    listen(reader, "post")
    writer = phone_at(p["vil2"].user)
    writer.goto(f"/forums/threads/{thread.pk}/")
    writer.fill("textarea[name=body]", "The baker was out at midnight.")
    writer.click("#reply button[type=submit]")
    heard(reader, "post")
    expect(reader.locator("text=The baker was out at midnight.")).to_be_visible()


def test_a_vote_shows_on_another_players_tally_and_a_phase_change_on_their_vote_page(
    phone_at, day_one
):
    game, p = day_one
    tally = phone_at(p["vil1"].user)
    tally.goto(f"/games/{game.pk}/votes/")
    wait_until_live(tally)
    voting = phone_at(p["vil3"].user)
    voting.goto(f"/games/{game.pk}/vote/")
    wait_until_live(voting)
    expect(voting.locator("main")).to_contain_text("Cast vote")
    listen(tally, "vote")
    listen(voting, "phase")
    vote(game, p["vil2"], p["maf1"])
    heard(tally, "vote")
    expect(tally.locator("main tr", has_text="vil2")).to_contain_text("maf1")
    phase_end_now(game_id=game.pk, by=moderator_of(game), now=timezone.now(), code="day", number=1)
    heard(voting, "phase")
    expect(voting.locator("main")).to_contain_text("It is night")
