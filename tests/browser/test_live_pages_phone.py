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


def test_the_moderators_queue_counter_updates_when_a_kill_is_reported_during_its_fetch(phone_at):
    """The counter replaces itself when fetched: a report heard while a fetch of it is in flight
    (a busy server) is fetched again after it, not lost with the element it replaced."""
    t = town()
    moderator = phone_at(t.mod)
    moderator.goto(f"/games/{t.game.pk}/")
    wait_until_live(moderator)
    assert "Queue (0)" in moderator.inner_text("#queue-link")
    before = moderator.request.get(f"/games/{t.game.pk}/")  # the page as the report finds it
    held = []

    def the_counters_fetch(request) -> bool:
        return request.headers.get("hx-trigger") == "queue-link"

    def hold_the_counters_first_fetch(route) -> None:
        if held or not the_counters_fetch(route.request):
            route.continue_()
        else:
            held.append(route)

    moderator.route(f"**/games/{t.game.pk}/", hold_the_counters_first_fetch)
    with moderator.expect_request(the_counters_fetch):
        moderator.evaluate(
            """document.body.addEventListener("htmx:sseMessage", (event) => {
              if (event.detail.type === "queue") { document.body.dataset.queueHeard = "yes"; }
            });
            // htmx drops a trigger while the element's own request is in flight (the
            // stream's opening refetch may still be): trigger once that one has settled.
            const fetchOnce = () => htmx.trigger("#queue-link", "livepoll");
            if (document.querySelector("#queue-link").classList.contains("htmx-request")) {
              document.body.addEventListener("htmx:afterSettle", fetchOnce, { once: true });
            } else {
              fetchOnce();
            }"""
        )
    report_kill(t, t.mafia, t.townies[0], 30)
    moderator.wait_for_selector("body[data-queue-heard]", state="attached")
    assert held, "the counter's fetch was not held"
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
