"""The live channel's receiving side in a web process: one Redis subscription per process
(per event loop), fanned out in memory to the open streams by topic. An idle stream is a queue
that nobody writes to: no database query, no Redis call.

If the subscription breaks, every open stream is ended: browsers reconnect with Last-Event-ID
and are given what they missed (or `stale`), so nothing is silently lost."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections import defaultdict

import redis
import redis.asyncio as aioredis
from django.conf import settings

from game.services.live_channel import keys_for
from live.events import Event, missed

logger = logging.getLogger(__name__)

# Access checks at connect running at once in a process, each on a database connection: a
# reconnect storm (after a Redis blip every stream reconnects) queues here, not in PostgreSQL.
CONCURRENT_CHECKS = 4
# A stream whose reader fell this far behind is ended; its browser reconnects and catches up.
QUEUE_LIMIT = 500
CONNECT_TIMEOUT_SECONDS = 3


class ChannelDown(Exception):
    """Redis cannot be reached: the stream is refused (503) and pages poll meanwhile."""


class Subscription:
    def __init__(self, topics: frozenset[str]) -> None:
        self.topics = topics
        self.queue: asyncio.Queue[Event | None] = asyncio.Queue(maxsize=QUEUE_LIMIT)
        self.ended = False

    def deliver(self, event: Event) -> None:
        try:
            self.queue.put_nowait(event)
        except asyncio.QueueFull:
            self.end()

    def end(self) -> None:
        self.ended = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)


class Hub:
    def __init__(self, url: str) -> None:
        self.keys = keys_for(url)
        self.client = aioredis.Redis.from_url(url, socket_connect_timeout=CONNECT_TIMEOUT_SECONDS)
        self.by_topic: dict[str, set[Subscription]] = defaultdict(set)
        self.ready = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.checks = asyncio.Semaphore(CONCURRENT_CHECKS)

    async def start(self) -> None:
        """Listening once this returns; raises ChannelDown when Redis cannot be reached."""
        if self.task is None or self.task.done():
            self.ready.clear()
            self.task = asyncio.create_task(self._listen())
        try:
            await asyncio.wait_for(self.ready.wait(), CONNECT_TIMEOUT_SECONDS)
        except TimeoutError as error:
            raise ChannelDown from error
        if self.task.done():
            raise ChannelDown

    def subscribe(self, topics: frozenset[str]) -> Subscription:
        subscription = Subscription(topics)
        for topic in topics:
            self.by_topic[topic].add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        for topic in subscription.topics:
            listeners = self.by_topic.get(topic)
            if listeners is not None:
                listeners.discard(subscription)
                if not listeners:
                    del self.by_topic[topic]

    async def missed(self, last_id: int, topics: frozenset[str]) -> list[Event] | None:
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.get(self.keys.counter)
            pipe.lrange(self.keys.recent, 0, -1)
            counter, raw_events = await pipe.execute()
        kept = [Event.from_json(raw) for raw in reversed(raw_events)]
        return missed(last_id, int(counter or 0), kept, topics)

    async def _listen(self) -> None:
        pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(self.keys.pubsub)
            self.ready.set()
            async for message in pubsub.listen():
                if message.get("type") == "message":
                    self._fan_out(Event.from_json(message["data"]))
        except (redis.RedisError, OSError):
            logger.warning("live: the subscription broke; open streams end", exc_info=True)
        finally:
            self.ready.clear()
            for subscription in {s for group in self.by_topic.values() for s in group}:
                subscription.end()
            with contextlib.suppress(redis.RedisError, OSError):
                await pubsub.aclose()

    def _fan_out(self, event: Event) -> None:
        for subscription in list(self.by_topic.get(event.topic, ())):
            subscription.deliver(event)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """This event loop's hub (a web process has one loop; tests may start several)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub(settings.LIVE_REDIS_URL)
    return found
