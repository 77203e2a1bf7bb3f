"""One time zone everywhere, the game's (America/New_York here): a forum list, a thread, the
notifications and the game's log show the same moment as the same local time on a phone."""

import datetime as dt

import pytest
from playwright.sync_api import expect

from forums.services import thread_create
from game.models import Visibility
from game.services.log import log_append
from tests.factories import START, running_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOMENT = START + dt.timedelta(hours=1)  # 15:00 UTC, 11:00 AM in New York (EDT)


def test_forum_lists_notifications_and_game_pages_show_the_games_time(phone):
    game, players = running_game(5)
    assert game.time_zone == "America/New_York"
    reader = players[1]
    thread = thread_create(
        game_id=game.pk,
        board_kind="town_square",
        by=players[0].user,
        title="Where were you at eleven?",
        body=f"@{reader.name} answer please",
        now=MOMENT,
    )
    log_append(
        game=game, kind="notice", text="A public notice.", visibility=Visibility.PUBLIC, now=MOMENT
    )
    page = phone(reader.user)
    for path in (
        f"/forums/games/{game.pk}/town_square/",
        f"/forums/threads/{thread.pk}/",
        "/forums/notifications/",
        f"/games/{game.pk}/log/",
    ):
        page.goto(path)
        main = page.locator("main")
        expect(main).to_contain_text("11:00 AM")
        assert "3:00 PM" not in main.inner_text(), path
