"""`make workload`: the moderator's side of one scripted day of a 100-player game (a day in at
most 12 clicks and 6 page loads), played in Chromium against the live server, printing the
clicks, keystrokes and page loads it took. Not part of `make test`."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP
from tests.workload.counting import Counted
from tests.workload.scenario import (
    a_minute_later,
    build_day,
    first_wave,
    second_wave,
    third_wave,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOST_CLICKS = 12
MOST_PAGE_LOADS = 6


def test_the_moderators_day(signed_in, live_server):
    day = build_day()
    game = day.game.pk
    mod = Counted(signed_in(day.moderator, viewport=DESKTOP).new_page())
    waves = first_wave(day)

    mod.goto(f"/games/{game}/mod/")
    mod.click("#queue-link")
    expect(mod.page.locator("#agreed-kills li")).to_have_count(5)
    mod.click("#confirm-agreed")
    expect(mod.page.locator(".queue-entry.held")).to_have_count(5)
    disputed = f"#kill-{day.game.kills.get(victim=day.victims[7]).pk}"
    mod.type(f"{disputed} input[name=reason] >> nth=1", "Missed: tagged on the shoulder")
    mod.click(f"{disputed} button.secondary >> nth=0")
    expect(mod.page.locator(disputed)).to_have_count(0)
    a_minute_later()

    second_wave(day, waves)
    mod.goto(f"/games/{game}/mod/queue/")
    expect(mod.page.locator("#agreed-kills li")).to_have_count(2)
    mod.click("#confirm-agreed")
    expect(mod.page.locator(".queue-entry.held")).to_have_count(2)
    a_minute_later()

    third_wave(day)
    mod.goto(f"/games/{game}/mod/queue/")
    expect(mod.page.locator("#computed-answers li")).to_have_count(12)
    mod.click("#send-answers")
    expect(mod.page.locator(".queue-entry.held")).to_have_count(12)

    mod.click("#queue-end-day")
    expect(mod.page.locator(".messages")).to_contain_text("The day has ended")
    day.game.refresh_from_db()
    assert day.game.current_day == 2
    assert not day.game.investigations.filter(status="pending").exists()
    print(f"\nThe moderator's day of {len(day.victims)} kills: {mod.figures()}")
    assert mod.clicks <= MOST_CLICKS
    assert mod.page_loads <= MOST_PAGE_LOADS
