"""Forum pages cost the same number of queries whatever the size of the game and its boards."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from forums.services import message_send, thread_create
from tests.conftest import client_for
from tests.factories import running_game
from tests.forums.helpers import LATER


def queries(client, url: str) -> int:
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def busy_game(players: int, threads: int):
    game, cast = running_game(players, mafia=2)
    for number in range(threads):
        author = cast[2 + number % (players - 2)]
        thread_create(
            game_id=game.pk, board_kind="town_square", by=author.user, title=f"T{number}",
            body=f"@{cast[2].name} hello", now=LATER,
        )  # fmt: skip
        message_send(
            game_id=game.pk, by=cast[1].user, recipient_ids=[cast[2].pk], body="psst", now=LATER
        )
    return game, cast


def page_costs(players: int, threads: int) -> list[int]:
    game, cast = busy_game(players, threads)
    client = client_for(cast[2].user)
    urls = [
        reverse("forums:board_list", args=[game.pk]),
        reverse("forums:board_detail", args=[game.pk, "town_square"]),
        reverse("forums:conversation_list", args=[game.pk]),
        reverse("forums:notification_list"),
        reverse("forums:search", args=[game.pk]) + "?q=hello",
    ]
    den = reverse("forums:board_detail", args=[game.pk, "mafia_den"])
    return [queries(client, url) for url in urls] + [queries(client_for(cast[0].user), den)]


def test_forum_pages_cost_the_same_at_10_and_100_players(db):
    assert page_costs(10, 3) == page_costs(100, 40)
