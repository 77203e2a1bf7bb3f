"""Live pages in Chromium at 375 px, served by uvicorn with the channel on: what another person
does shows up without a reload."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from forums.models import BoardKind
from forums.services.boards import thread_create
from game.services.nights.phases import phase_end_now
from tests.browser.conftest import PHONE
from tests.factories import moderator_of
from tests.game.classic.helpers import classic_game
from tests.game.kills_setup import town
from tests.live.conftest import asgi_server, live_redis  # noqa: F401 (fixtures)
from tests.live.test_publishers import report_kill

pytestmark = [pytest.mark.browser, pytest.mark.postgres_only]


@pytest.fixture
def phone_at(browser_contexts, asgi_server):  # noqa: F811 (the fixture imported above)
    """`phone_at(user)`: a 375 px page of its own context (cookies), signed in as `user`."""
    return lambda user: browser_contexts(PHONE, asgi_server, user).new_page()


def wait_until_live(page) -> None:
    """Until the page's stream is open (live.js marks the body)."""
    page.wait_for_selector("body[data-live=open]", state="attached")


def test_a_post_appears_in_another_readers_open_thread_without_a_reload(phone_at):
    t = town()
    thread = thread_create(
        game_id=t.game.pk,
        board_kind=BoardKind.TOWN_SQUARE,
        by=t.mod,
        title="Who did it?",
        body="Talk here.",
        now=timezone.now(),
    )
    reader = phone_at(t.townies[0].user)
    reader.goto(f"/forums/threads/{thread.pk}/")
    wait_until_live(reader)
    assert "livepoll" in reader.get_attribute("#poll", "hx-trigger")
    writer = phone_at(t.townies[1].user)
    writer.goto(f"/forums/threads/{thread.pk}/")
    writer.fill("textarea[name=body]", "I saw the butler by the bridge.")
    writer.click("#reply button[type=submit]")
    reader.wait_for_selector("text=I saw the butler by the bridge.")
    assert reader.evaluate("document.documentElement.scrollWidth") <= 375


def hold_the_next_fetch(page, path: str, part: str, event: str) -> list:
    """Asks the part whose id is `part` to fetch itself (`event`) once it is free, and holds the
    fetch of it that starts next, unanswered: the test's own, or one the stream's catch-up
    started first. Returns the held route once it is held."""
    held = []

    def hold_the_marked_fetch(route) -> None:
        if held or route.request.header_value("x-held-by-test") != "yes":
            route.continue_()
        else:
            held.append(route)

    page.route(f"**{path}", hold_the_marked_fetch)
    with page.expect_request(lambda request: request.header_value("x-held-by-test") == "yes"):
        page.evaluate(
            """async ([part, eventName]) => {
              // A part htmx has not set up yet (a fetch in flight, new content settling)
              // ignores the event: ask once it is free.
              const busy = () => document.getElementById(part).closest(
                ".htmx-request, .htmx-added");
              while (busy()) { await new Promise((done) => setTimeout(done, 50)); }
              document.body.addEventListener("htmx:configRequest", (event) => {
                if (event.detail.elt.id === part && !document.body.dataset.heldByTest) {
                  document.body.dataset.heldByTest = "yes";
                  event.detail.headers["X-Held-By-Test"] = "yes";
                }
              });
              htmx.trigger("#" + part, eventName);
            }""",
            [part, event],
        )
    assert held, f"the fetch of #{part} was not held"
    return held


def listen_for(page, kind: str) -> None:
    """Marks the body once the stream says `kind` changed."""
    page.evaluate(
        """(kind) => document.body.addEventListener("htmx:sseMessage", (event) => {
          if (event.detail.type === kind) { document.body.dataset.heard = kind; }
        })""",
        kind,
    )


def test_the_moderators_queue_counter_updates_when_a_kill_is_reported_during_its_fetch(phone_at):
    """The counter replaces itself when fetched: a report heard while a fetch of it is in flight
    (a busy server) is fetched again after it, not lost with the element it replaced."""
    t = town()
    moderator = phone_at(t.mod)
    moderator.goto(f"/games/{t.game.pk}/")
    wait_until_live(moderator)
    assert "Queue (0)" in moderator.inner_text("#queue-link")
    before = moderator.request.get(f"/games/{t.game.pk}/")  # the page as the report finds it
    listen_for(moderator, "queue")
    held = hold_the_next_fetch(moderator, f"/games/{t.game.pk}/", "queue-link", "livepoll")
    report_kill(t, t.mafia, t.townies[0], 30)
    moderator.wait_for_selector("body[data-heard=queue]", state="attached")
    held[0].fulfill(response=before)
    expect(moderator.locator("#queue-link")).to_contain_text("Queue (1)")


def test_a_phase_change_reaches_an_open_night_page(phone_at):
    game, p = classic_game(start=timezone.now())
    villager = phone_at(p["vil1"].user)
    villager.goto(f"/games/{game.pk}/night/")
    wait_until_live(villager)
    assert "night" not in villager.inner_text("main").lower()
    phase_end_now(game_id=game.pk, by=moderator_of(game), now=timezone.now(), code="day", number=0)
    expect(villager.locator("main")).to_contain_text(re.compile("night", re.IGNORECASE))


def test_a_phase_change_heard_while_the_page_fetches_its_main_part_still_reaches_it(phone_at):
    """The main part replaces itself when fetched: a phase change heard while a fetch of it is in
    flight (a busy server, the stream's catch-up) is fetched again after it, not lost with the
    part it replaced, nor left showing what the first fetch read."""
    game, p = classic_game(start=timezone.now())
    villager = phone_at(p["vil1"].user)
    villager.goto(f"/games/{game.pk}/night/")
    wait_until_live(villager)
    before = villager.request.get(f"/games/{game.pk}/night/")  # the page as the day shows it
    listen_for(villager, "phase")
    held = hold_the_next_fetch(villager, f"/games/{game.pk}/night/", "live-refresh", "livesync")
    phase_end_now(game_id=game.pk, by=moderator_of(game), now=timezone.now(), code="day", number=0)
    villager.wait_for_selector("body[data-heard=phase]", state="attached")
    held[0].fulfill(response=before)
    expect(villager.locator("main")).to_contain_text(re.compile("night", re.IGNORECASE))
