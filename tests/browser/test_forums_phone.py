"""On a 375 px phone: a townie posts in Town Square, is killed, can no longer post there, and
posts in the Graveyard (R51)."""

import pytest

from forums.services import post_create, thread_create
from game.models import Player
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, running_game
from tests.forums.helpers import LATER, kill

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_townie_posts_dies_and_moves_to_the_graveyard(live_server, new_page):
    base = live_server.url
    game, players = running_game(4, mafia=1)
    townie = players[2]
    thread = thread_create(
        game_id=game.pk, board_kind="town_square", by=players[1].user, title="Day 1 talk",
        body="Who was out last night?", now=LATER,
    )  # fmt: skip
    phone = new_page()
    log_in(phone, base, townie.user.username, PASSWORD)

    phone.goto(f"{base}/games/{game.pk}/")
    phone.click("a:has-text('Forums')")
    phone.click("a:has-text('Town Square')")
    phone.click("a:has-text('Day 1 talk')")
    phone.fill("textarea[name=body]", "I was in the **library** all night.")
    phone.click("button:has-text('Post reply')")
    phone.wait_for_selector("article strong:has-text('library')")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375

    kill(Player.objects.get(pk=townie.pk))

    phone.goto(f"{base}/forums/threads/{thread.pk}/")
    assert phone.locator("textarea[name=body]").count() == 0
    assert phone.locator("text=Dead players tell no tales").count() == 1
    status = phone.evaluate(
        """async (url) => {
            const token = document.cookie.match(/csrftoken=([^;]+)/)[1];
            const body = new URLSearchParams({body: "It was p-1", csrfmiddlewaretoken: token});
            return (await fetch(url, {method: "POST", body})).status;
        }""",
        f"{base}/forums/threads/{thread.pk}/",
    )
    assert status == 403

    phone.goto(f"{base}/forums/games/{game.pk}/")
    phone.click("a:has-text('Graveyard')")
    phone.fill("input[name=title]", "Hello from beyond")
    phone.fill("textarea[name=body]", "The library was a trap.")
    phone.click("button:has-text('Start thread')")
    phone.wait_for_selector("text=Thread started.")
    assert "/forums/threads/" in phone.url, "Start thread lands on the new thread"
    phone.wait_for_selector("h1:has-text('Hello from beyond')")
    phone.wait_for_selector("text=The library was a trap.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375


def test_new_posts_appear_without_a_reload(live_server, new_page):
    base = live_server.url
    game, players = running_game(3, mafia=1)
    thread = thread_create(
        game_id=game.pk, board_kind="town_square", by=players[1].user, title="Live",
        body="first", now=LATER,
    )  # fmt: skip
    phone = new_page()
    log_in(phone, base, players[2].user.username, PASSWORD)
    # The page's clock, moved on by the test: its 10-second poll comes when the test says.
    phone.clock.install()
    phone.goto(f"{base}/forums/threads/{thread.pk}/")
    post_create(thread_id=thread.pk, by=players[1].user, body="arrived live", now=LATER)
    phone.clock.run_for("00:11")
    phone.wait_for_selector("text=arrived live")
    assert phone.locator("article.post").count() == 2
