"""The events the hub hears, as the sending side (game.services.live_channel) stores them: a
topic, its number on that topic, a kind and the moment (ms) it was stored; and a stream's
position, the last number it has of each of its topics, which is its SSE event id."""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    topic: str
    id: int
    kind: str
    at_ms: int = 0

    @classmethod
    def from_stored(cls, data: dict) -> Event:
        return cls(
            topic=str(data["t"]), id=int(data["i"]), kind=str(data["k"]), at_ms=int(data["s"])
        )

    @classmethod
    def from_json(cls, raw: str | bytes) -> Event:
        return cls.from_stored(json.loads(raw))


def position_id(topics: tuple[str, ...], position: dict[str, int]) -> str:
    """The stream's event id: its topics' numbers in the stream's own (sorted) order."""
    return ".".join(str(position.get(topic, 0)) for topic in topics)


def parse_position(raw: str, topics: tuple[str, ...]) -> dict[str, int] | None:
    """A Last-Event-ID of this stream's shape, or None (then the stream starts afresh)."""
    parts = raw.split(".") if raw else []
    if len(parts) != len(topics) or not all(p.isdigit() and len(p) < 19 for p in parts):
        return None
    return dict(zip(topics, (int(p) for p in parts), strict=True))


def missed_of_topic(after: int, newest: int, kept: list[Event]) -> list[Event] | None:
    """The kept events of one topic (oldest first) after `after`; None when some may be lost:
    older than what is kept, or the counter went back (the store was emptied)."""
    if after > newest:
        return None
    wanted = [event for event in kept if event.id > after]
    if len(wanted) != newest - after:
        return None
    return wanted
