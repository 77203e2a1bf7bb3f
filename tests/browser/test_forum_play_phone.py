"""On 375 px phones, a classic game played in the threads (docs/forum-play.md): three players
vote by posting in the day's thread, the third vote is the hammer, the day ends at once and
the night's thread opens."""

import datetime as dt

import pytest
from django.utils import timezone

from forums.services.posts import post_create
from tests.forums.forum_play.helpers import day_thread, forum_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_three_players_vote_by_posting_and_the_third_hammers(phone):
    # Day 1 of 55-minute phases is open now: day 0 and night 0 are behind us.
    game, p = forum_game(start=timezone.now() - dt.timedelta(minutes=115), phase_minutes=55)
    thread = day_thread(game)
    for name in ("vil1", "vil2"):
        post_create(thread_id=thread.pk, by=p[name].user, body="VOTE: maf1", now=timezone.now())
    for name in ("vil3", "vil4", "cop"):
        page = phone(p[name].user)
        page.goto(f"/forums/threads/{thread.pk}/?page=last")
        page.fill("textarea[name=body]", f"{name} is sure.\n\n**vote: MAF1**")
        page.click("button:has-text('Post reply')")
        page.wait_for_selector(f"article:has-text('{name} is sure.') mark:has-text('Vote: maf1')")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.reload()
    page.wait_for_selector("text=Hammer! A majority voted for maf1: day 1 ends now.")
    assert page.locator("textarea[name=body]").count() == 0
    page.wait_for_selector("text=This thread is locked")
    page.goto(f"/forums/games/{game.pk}/town_square/")
    page.wait_for_selector("a:has-text('The town has killed maf1!')")
    page.click("a:has-text('Night 1')")
    page.wait_for_selector("text=Night 1 has begun. It ends")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
