"""Which topics a viewer may hear: the one place that decides it, from the game's and the
forums' permission functions (R50, R51). A topic is readable exactly when its page is: a
spectator (docs/spectators.md) hears the watched game's public topic and the threads of the
boards they read, never its queue."""

from __future__ import annotations

import re
from dataclasses import dataclass

from forums.access import can_read, forum_viewer_for
from forums.models import Thread
from game.models import Game
from game.permissions import Viewer, can_moderate, can_view_game, viewer_for

TOPIC = re.compile(r"^(game|queue|thread|user)-([1-9][0-9]{0,17})$")
MAX_TOPICS = 8


@dataclass(frozen=True)
class Grant:
    """The topics granted to a user. When what the user may read changes (a death closes the
    Mafia Den, R51; a replacement; a group change), an access event on the user's own topic
    ends their streams, and each reconnect is checked anew."""

    topics: frozenset[str]
    user_id: int


def parse_topics(raw: str) -> frozenset[str] | None:
    topics = frozenset(part.strip() for part in raw.split(",") if part.strip())
    if not topics or len(topics) > MAX_TOPICS or not all(TOPIC.match(t) for t in topics):
        return None
    return topics


def grant_for(user, topics: frozenset[str]) -> Grant | None:
    """The grant, or None when the viewer may not read any one of `topics` ("not yours" is
    "not found": the stream answers 404 for all of them)."""
    if not getattr(user, "is_authenticated", False):
        return None
    viewers: dict[int, Viewer] = {}

    def viewer_of(game: Game) -> Viewer:
        if game.pk not in viewers:
            viewers[game.pk] = viewer_for(user, game)
        return viewers[game.pk]

    for topic in topics:
        kind, number = TOPIC.match(topic).groups()
        object_id = int(number)
        if kind == "user":
            allowed = object_id == user.pk
        elif kind == "thread":
            thread = Thread.objects.select_related("board__game").filter(pk=object_id).first()
            allowed = thread is not None and _may_read_thread(user, thread)
        else:
            game = Game.objects.filter(pk=object_id).first()
            viewer = viewer_of(game) if game is not None else None
            allowed = viewer is not None and can_view_game(viewer)
            if allowed and kind == "queue":
                allowed = can_moderate(viewer)
        if not allowed:
            return None
    return Grant(topics=topics, user_id=user.pk)


def _may_read_thread(user, thread: Thread) -> bool:
    fv = forum_viewer_for(user, thread.board.game)
    return can_view_game(fv.viewer) and can_read(fv, thread.board)
