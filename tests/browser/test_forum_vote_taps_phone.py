"""At 375×812, a vote by post from the game's overview (docs/forum-play.md): the overview's
"Vote in the day's thread" opens the day's thread at its reply box; the vote is written and
posted, and the page comes back at the post with its vote. At most 3 taps and 2 page loads,
printed."""

import datetime as dt

import pytest
from django.utils import timezone

from tests.forums.forum_play.helpers import forum_game

pytestmark = pytest.mark.django_db(transaction=True)

PHONE_812 = {"width": 375, "height": 812}


def test_a_vote_by_post_from_the_overview_takes_three_taps_and_two_page_loads(
    browser_contexts, live_server
):
    game, p = forum_game(start=timezone.now() - dt.timedelta(minutes=115), phase_minutes=55)
    page = browser_contexts(PHONE_812, live_server.url, p["vil1"].user).new_page()
    page.goto(f"/games/{game.pk}/")
    page.wait_for_load_state("load")
    loads = []
    page.on("load", lambda: loads.append(page.url))
    taps = 0

    page.click("#vote-in-thread")
    taps += 1
    page.wait_for_url("**#reply")
    box = page.locator("textarea[name=body]")
    assert box.is_visible() and box.bounding_box()["y"] < 812
    box.click()
    taps += 1
    page.keyboard.type("VOTE: maf1")
    page.locator("#reply button[type=submit]").click()
    taps += 1
    page.wait_for_selector("article:has-text('VOTE: maf1') mark:has-text('Vote: maf1')")
    page.wait_for_selector("text=Posted, and your vote is counted.")
    page.wait_for_load_state("load")
    print(f"vote by post from the overview: {taps} taps, {len(loads)} page loads")
    assert taps <= 3 and len(loads) <= 2
    post_id = page.url.split("#post-")[1]
    assert page.locator(f"#post-{post_id}").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
