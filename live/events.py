"""The events the hub hears, as `game.services.live_channel` publishes them (a number, a topic
and a kind), and what a reconnecting stream missed of them."""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    id: int
    topic: str
    kind: str

    @classmethod
    def from_json(cls, raw: str | bytes) -> Event:
        data = json.loads(raw)
        return cls(id=int(data["id"]), topic=str(data["topic"]), kind=str(data["kind"]))


def missed(
    last_id: int, newest: int, kept: list[Event], topics: frozenset[str]
) -> list[Event] | None:
    """The kept events (oldest first) of `topics` after `last_id`; None when some may be lost:
    older than what is kept, or the counter went back (Redis was emptied)."""
    if last_id > newest:
        return None
    if last_id < newest and (not kept or kept[0].id > last_id + 1):
        return None
    return [event for event in kept if event.id > last_id and event.topic in topics]
