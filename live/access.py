"""Which topics a viewer may hear: the one place that decides it, from the game's and the
forums' permission functions (R50, R51). A topic is readable exactly when its page is."""

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
    """The topics granted, and the games whose deaths may take one of them away (a dead player
    loses the Mafia Den, R51): a stream ends on such a death and its reconnect is checked anew."""

    topics: frozenset[str]
    watch_deaths_in: frozenset[int]


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

    watched: set[int] = set()
    for topic in topics:
        kind, number = TOPIC.match(topic).groups()
        object_id = int(number)
        if kind == "user":
            allowed = object_id == user.pk
        elif kind == "thread":
            thread = Thread.objects.select_related("board__game").filter(pk=object_id).first()
            allowed = thread is not None and _may_read_thread(user, thread)
            if allowed:
                watched.add(thread.board.game_id)
        else:
            game = Game.objects.filter(pk=object_id).first()
            viewer = viewer_of(game) if game is not None else None
            allowed = viewer is not None and can_view_game(viewer)
            if allowed and kind == "queue":
                allowed = can_moderate(viewer)
        if not allowed:
            return None
    return Grant(topics=topics, watch_deaths_in=frozenset(watched))


def _may_read_thread(user, thread: Thread) -> bool:
    fv = forum_viewer_for(user, thread.board.game)
    return can_view_game(fv.viewer) and can_read(fv, thread.board)
