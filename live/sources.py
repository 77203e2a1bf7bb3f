"""Where a live process's hub hears events and reads what a stream missed: Redis (one pub/sub
subscription per process, production) or the database (one poller per process, the embedded
default of `make run`). Both number events per topic (game.services.live_channel)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

import redis.asyncio as aioredis
from asgiref.sync import sync_to_async
from django.db import close_old_connections

from game.services.live_redis import KEPT_PER_TOPIC, keys_for
from live.events import Event, missed_of_topic

CONNECT_TIMEOUT_SECONDS = 2
# A few connections for the whole process, whatever its streams: a stream that opens waits for
# one (in a storm, for a while) rather than being refused.
POOL_CONNECTIONS = 16
DATABASE_POLL_SECONDS = 0.3
# A first stream replays from its page's moment: only this many recent events of a topic are read.
SINCE_WINDOW = 50

Deliver = Callable[[list[Event]], None]
Control = Callable[[dict], None]

CatchUp = tuple[dict[str, int], list[Event], set[str]]

_CATCH_UP = """
local prefix, since = ARGV[1], tonumber(ARGV[2])
local out = {}
for i = 3, #ARGV, 2 do
  local topic, after = ARGV[i], tonumber(ARGV[i + 1])
  local newest = tonumber(redis.call('GET', prefix .. 'n:' .. topic) or '0')
  local count = 0
  if after >= 0 then count = math.min(newest - after, tonumber(KEYS[1]) + 1)
  elseif since >= 0 then count = tonumber(KEYS[2]) end
  local kept = {}
  if count > 0 then kept = redis.call('LRANGE', prefix .. 'r:' .. topic, 0, count - 1) end
  out[#out + 1] = {newest, kept}
end
return out
"""


def pick(
    topics: tuple[str, ...],
    after: dict[str, int] | None,
    since_ms: int | None,
    stored: dict[str, tuple[int, list[Event]]],
) -> CatchUp:
    """From each topic's newest number and its recent events (oldest first): the stream's
    position, the events to replay, and the topics whose past is lost (`stale`)."""
    position, replay, stale = {}, [], set()
    for topic in topics:
        newest, kept = stored[topic]
        position[topic] = newest
        if after is not None:
            missed = missed_of_topic(after[topic], newest, kept)
            if missed is None:
                stale.add(topic)
            else:
                replay += missed
        elif since_ms is not None:
            recent = [event for event in kept if event.at_ms >= since_ms]
            if len(recent) == len(kept) == SINCE_WINDOW:
                stale.add(topic)
            replay += recent
    replay.sort(key=lambda event: (event.at_ms, event.topic, event.id))
    return position, replay, stale


class RedisSource:
    def __init__(self, url: str) -> None:
        self.keys = keys_for(url)
        pool = aioredis.BlockingConnectionPool.from_url(
            url,
            socket_connect_timeout=CONNECT_TIMEOUT_SECONDS,
            max_connections=POOL_CONNECTIONS,
            timeout=30,
        )
        self.client = aioredis.Redis(connection_pool=pool)
        self.catch_up_script = self.client.register_script(_CATCH_UP)

    async def listen(self, ready: Callable[[], None], deliver: Deliver, control: Control) -> None:
        """Until the subscription breaks (raises)."""
        pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(self.keys.pubsub)
            ready()
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                data = json.loads(message["data"])
                if "e" in data:
                    deliver([Event.from_stored(event) for event in data["e"]])
                else:
                    control(data)
        finally:
            await pubsub.aclose()

    async def catch_up(
        self, topics: tuple[str, ...], after: dict[str, int] | None, since_ms: int | None
    ) -> CatchUp:
        args = [self.keys.prefix, since_ms if since_ms is not None else -1]
        for topic in topics:
            args += [topic, after[topic] if after is not None else -1]
        rows = await self.catch_up_script(keys=[KEPT_PER_TOPIC, SINCE_WINDOW], args=args)
        stored = {
            topic: (int(newest), [Event.from_json(raw) for raw in reversed(kept)])
            for topic, (newest, kept) in zip(topics, rows, strict=True)
        }
        return pick(topics, after, since_ms, stored)

    async def close(self) -> None:
        await self.client.aclose()


def _database_read(after_pk: int) -> tuple[int, list[Event]]:
    from game.models import LiveEvent

    close_old_connections()
    rows = list(
        LiveEvent.objects.filter(pk__gt=after_pk)
        .order_by("pk")
        .values_list("pk", "topic", "number", "kind", "at_ms")[:2000]
    )
    events = [Event(topic, number, kind, at_ms) for _, topic, number, kind, at_ms in rows]
    return (rows[-1][0] if rows else after_pk), events


def _database_newest() -> int:
    from game.models import LiveEvent

    close_old_connections()
    return LiveEvent.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def _database_stored(topics: tuple[str, ...]) -> dict[str, tuple[int, list[Event]]]:
    from game.models import LiveEvent, LiveTopic

    close_old_connections()
    newest = dict(LiveTopic.objects.filter(name__in=topics).values_list("name", "last"))
    stored = {}
    for topic in topics:
        rows = LiveEvent.objects.filter(topic=topic).order_by("-number")[: KEPT_PER_TOPIC + 1]
        kept = [Event(topic, row.number, row.kind, row.at_ms) for row in reversed(rows)]
        stored[topic] = (newest.get(topic, 0), kept)
    return stored


class DatabaseSource:
    """The embedded channel: the table of events, read by this poller every 0.3 s."""

    async def listen(self, ready: Callable[[], None], deliver: Deliver, control: Control) -> None:
        last = await sync_to_async(_database_newest, thread_sensitive=False)()
        ready()
        while True:
            started = time.monotonic()
            last, events = await sync_to_async(_database_read, thread_sensitive=False)(last)
            if events:
                deliver(events)
            await asyncio.sleep(max(0.0, DATABASE_POLL_SECONDS - (time.monotonic() - started)))

    async def catch_up(
        self, topics: tuple[str, ...], after: dict[str, int] | None, since_ms: int | None
    ) -> CatchUp:
        stored = await sync_to_async(_database_stored, thread_sensitive=False)(topics)
        return pick(topics, after, since_ms, stored)

    async def close(self) -> None:
        return None
