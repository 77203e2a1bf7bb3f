"""Thread polls: 1,000 readers of one thread, each with its own session, polling as fast as the
server answers; a poll that finds nothing new is answered from the cache (204)."""

from __future__ import annotations

import html
import re

from django.utils import timezone

from bench.load import http_request
from forums.services import thread_create

READERS = 1000
POLL_URL = re.compile(rb'id="poll" hx-get="([^"]+)"')


def read_thread(players):
    """The thread the readers read, in their game, opened by its last player."""
    return thread_create(
        game_id=players[0].game_id,
        board_kind="town_square",
        by=players[-1].user,
        title="Who did it?",
        body="Read me.",
        now=timezone.now(),
    )


def reader_requests(thread, cookies: list[str]) -> tuple[list[bytes], callable]:
    """The readers' first polls (no ticket yet: the full path gives one), and how each reader
    follows the poll URL of the last full answer, as htmx does."""
    last = thread.posts.get().pk
    first = [
        http_request(
            "GET", f"/forums/threads/{thread.pk}/poll/?after={last}", headers={"Cookie": c}
        )
        for c in cookies
    ]

    def follow(index: int, response: bytes) -> bytes | None:
        found = POLL_URL.search(response)
        if found is None:
            return None
        url = html.unescape(found.group(1).decode())
        return http_request("GET", url, headers={"Cookie": cookies[index % len(cookies)]})

    return first, follow
