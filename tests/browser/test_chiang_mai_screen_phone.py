"""The table's shared screen (M7, M12): the timer the host started keeps counting down after
each of the screen's 10-second refreshes, as the host's own does."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game.services.chiang_mai.entries import chiang_mai_enter
from tests.factories import moderator_of
from tests.game.chiang_mai.helpers import dealt_table, enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COUNTDOWN = re.compile(r"^[0-2]:\d\d$")


def test_the_screens_timer_counts_down_across_its_refreshes(phone):
    game, players = dealt_table(10, phones=1)
    enter(game, kind="next")
    for _ in range(4):  # a night with no pointing: nobody dies, no Hunter shoots
        story = enter(game, kind="call", target=None)
    assert story.hunter is None
    enter(game, kind="next")
    chiang_mai_enter(
        game_id=game.pk,
        by=moderator_of(game),
        entries=[{"kind": "timer", "code": "discussion"}],
        now=timezone.now(),
    )
    page = phone(players[0].user)
    page.goto(f"/games/{game.pk}/chiang-mai/screen/")
    timer = page.locator("#screen-timer strong")
    expect(timer).to_have_text(COUNTDOWN)
    page.evaluate("document.querySelector('main').dataset.before = 'refresh'")
    page.wait_for_function("() => !document.querySelector('main').dataset.before", timeout=25_000)
    expect(timer).to_have_text(COUNTDOWN)
    shown = timer.inner_text()
    expect(timer).not_to_have_text(shown)
    expect(timer).to_have_text(COUNTDOWN)
