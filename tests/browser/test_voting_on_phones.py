"""Five players vote on their phones, a moderator ends the day, the executed player sees they
are dead and can no longer vote (R5, R9)."""

import datetime as dt

import pytest
from django.utils import timezone

from tests.factories import moderator_of, running_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_five_players_vote_on_phones_and_the_executed_player_can_no_longer_vote(phone):
    game, players = running_game(5)
    game.days.update(ends_at=timezone.now() + dt.timedelta(hours=6))
    game.due_events.update(due_at=timezone.now() + dt.timedelta(hours=6))
    condemned = players[4]
    for voter in players:
        page = phone(voter.user)
        page.goto(f"/games/{game.pk}/vote/")
        target = players[3] if voter == condemned else condemned
        page.select_option("#id_target", str(target.pk))
        page.click("#cast-vote")
        page.wait_for_selector("text=Your vote for day 1 is recorded.")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        assert target.name in page.inner_text("#current-vote")

    moderator_page = phone(moderator_of(game))
    moderator_page.goto(f"/games/{game.pk}/mod/")
    moderator_page.on("dialog", lambda dialog: dialog.accept())
    moderator_page.fill("#end-reason", "Browser test")
    moderator_page.click("#end-day-now")
    moderator_page.wait_for_selector("text=The day has ended.")

    dead_page = phone(condemned.user)
    dead_page.goto(f"/games/{game.pk}/vote/")
    assert "You are dead." in dead_page.inner_text("#cannot-vote")
    assert dead_page.locator("#cast-vote").count() == 0
    dead_page.goto(f"/games/{game.pk}/")
    assert "You are dead." in dead_page.content()
    tally = phone(players[0].user)
    tally.goto(f"/games/{game.pk}/votes/")
    assert f"Executed: {condemned.name}" in tally.inner_text("#tally-day-1")
