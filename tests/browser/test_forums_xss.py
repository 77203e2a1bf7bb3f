"""The XSS corpus in posts, thread titles, player names, display names and message subjects
runs no script in the browser: no dialog opens and window.__xss stays unset."""

import pytest

from forums.models import Conversation, Thread
from forums.services import message_send, post_create, thread_create
from game.services.lobby.signups import signup_create
from tests.browser.conftest import log_in, settled
from tests.factories import PASSWORD, START, UserFactory, make_game, moderator_of, start_game
from tests.forums.helpers import LATER
from tests.forums.xss_payloads import XSS_PAYLOADS

pytestmark = pytest.mark.django_db(transaction=True)

WATCH = (
    "window.__xss = undefined;"
    "window.alert = window.confirm = window.prompt = () => { window.__xss = 'dialog'; };"
)


def hostile_game():
    game = make_game(name="<script>window.__xss=1</script>")
    players = []
    for number, payload in enumerate(XSS_PAYLOADS[:12]):
        user = UserFactory(display_name=payload[:60])
        players.append(
            signup_create(
                game_id=game.pk,
                user=user,
                introduction=payload,
                now=START,
                name=f"{number}{payload}"[:60],
            )  # fmt: skip
        )
    start_game(game)
    game.refresh_from_db()
    author = players[0].user
    everyone = " ".join(f"@{p.name}" for p in players)
    all_in_one = thread_create(
        game_id=game.pk, board_kind="town_square", by=author, title="All payloads",
        body=everyone, now=LATER,
    )  # fmt: skip
    for number, payload in enumerate(XSS_PAYLOADS):
        thread_create(
            game_id=game.pk, board_kind="town_square", by=players[number % 12].user,
            title=payload[:150], body=payload, now=LATER,
        )  # fmt: skip
        post_create(thread_id=all_in_one.pk, by=players[number % 12].user, body=payload, now=LATER)
    message_send(
        game_id=game.pk, by=players[1].user, recipient_ids=[players[0].pk],
        subject=XSS_PAYLOADS[0], body=XSS_PAYLOADS[1], now=LATER,
    )  # fmt: skip
    return game, players


def assert_no_script_ran(page, url: str, dialogs: list[str]) -> None:
    page.goto(url)
    settled(page)
    assert page.evaluate("window.__xss") is None, url
    assert dialogs == [], url


@pytest.mark.parametrize("who", ["player", "moderator"])
def test_no_payload_runs_in_the_browser(live_server, new_page, who):
    base = live_server.url
    game, players = hostile_game()
    user = players[0].user if who == "player" else moderator_of(game)
    page = new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.add_init_script(WATCH)
    log_in(page, base, user.username, PASSWORD)
    urls = [
        f"{base}/",
        f"{base}/games/{game.pk}/",
        f"{base}/forums/games/{game.pk}/",
        f"{base}/forums/games/{game.pk}/town_square/",
        f"{base}/forums/games/{game.pk}/town_square/?page=2",
        f"{base}/forums/games/{game.pk}/messages/",
        f"{base}/forums/games/{game.pk}/search/?q=xss",
        f"{base}/forums/notifications/",
    ]
    for thread in Thread.objects.filter(board__game=game):
        urls.append(f"{base}/forums/threads/{thread.pk}/")
        if thread.post_count > 25:
            urls.append(f"{base}/forums/threads/{thread.pk}/?page=2")
    for conversation in Conversation.objects.filter(game=game):
        urls.append(f"{base}/forums/games/{game.pk}/messages/{conversation.pk}/")
    for url in urls:
        assert_no_script_ran(page, url, dialogs)
    assert page.locator("article").count() == 1
