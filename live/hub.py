"""The live channel's receiving side in a process: one source per process (Redis pub/sub or the
database poller, live.sources), fanned out in memory to the open streams by topic. A stream is a
queue and a parked coroutine: no thread, no store connection, no database query while idle.

The hub also beats the streams' heartbeat, and keeps them open when the source breaks: they are
told (`down`, the pages poll), the source is sought again with jittered retries, and once it is
back each stream gets its topics' new numbers and `stale` (its page fetches everything once),
so nothing is silently lost and no storm of reconnects follows a Redis restart."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import weakref
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from django.conf import settings

from game.services.live_redis import keys_for
from live.admission import MemoryAdmission, RedisAdmission
from live.events import Event
from live.sources import DatabaseSource, RedisSource

logger = logging.getLogger(__name__)

# Access checks at once in a process, each in a thread of its own that keeps its database
# connection: a reconnect storm queues here, not in the database.
CONCURRENT_CHECKS = 4
# Streams waiting for their check beyond this are refused at once (503, retried later by the
# browser), so that a storm costs a process memory in proportion to its checks.
MAX_WAITING = 2000
# A stream whose reader fell this far behind is ended; its browser reconnects and catches up.
QUEUE_LIMIT = 500
HEARTBEAT_SECONDS = 15
START_TIMEOUT_SECONDS = 3
RETRY_SECONDS = (0.5, 5.0)
BACK_ATTEMPTS = 5


_checks = ThreadPoolExecutor(CONCURRENT_CHECKS, thread_name_prefix="live-check")


class ChannelDown(Exception):
    """The store cannot be reached: the stream is refused (503) and pages poll meanwhile."""


@dataclass(frozen=True)
class Notice:
    """Not an event: the hub's word to a stream (heartbeat, down, back, end, closed)."""

    what: str
    positions: dict | None = None


HEARTBEAT = Notice("heartbeat")
DOWN = Notice("down")
END = Notice("end")
CLOSED = Notice("closed")


class Subscription:
    __slots__ = ("conn", "ended", "queue", "topics")

    def __init__(self, topics: frozenset[str], conn: str) -> None:
        self.topics = topics
        self.conn = conn
        self.queue: asyncio.Queue = asyncio.Queue(maxsize=QUEUE_LIMIT)
        self.ended = False

    def deliver(self, item) -> None:
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            self.end()

    def end(self, notice: Notice = END) -> None:
        if not self.ended:
            self.ended = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(notice)


class Hub:
    def __init__(self) -> None:
        if settings.LIVE_CHANNEL == "database":
            self.source = DatabaseSource()
            self.admission = MemoryAdmission(self.close_streams)
        else:
            self.source = RedisSource(settings.LIVE_REDIS_URL)
            pubsub = keys_for(settings.LIVE_REDIS_URL).pubsub
            self.admission = RedisAdmission(self.source.client, pubsub)
        self.by_topic: dict[str, set[Subscription]] = defaultdict(set)
        self.by_conn: dict[str, Subscription] = {}
        self.ready = asyncio.Event()
        self.was_down = False
        self.tasks: list[asyncio.Task] = []
        self.check_slots = asyncio.Semaphore(CONCURRENT_CHECKS)
        self.waiting = 0

    async def start(self) -> None:
        """Listening once this returns; raises ChannelDown when the store cannot be reached."""
        if not self.tasks:
            self.tasks = [
                asyncio.create_task(self._keep_listening()),
                asyncio.create_task(self._beat()),
            ]
        try:
            await asyncio.wait_for(self.ready.wait(), START_TIMEOUT_SECONDS)
        except TimeoutError as error:
            raise ChannelDown from error

    async def check(self, function, *args):
        """`function(*args)` in a check thread, at most CONCURRENT_CHECKS at once; ChannelDown
        when too many wait already (the caller answers 503)."""
        if self.waiting >= MAX_WAITING:
            raise ChannelDown
        self.waiting += 1
        try:
            async with self.check_slots:
                loop = asyncio.get_running_loop()
                return await loop.run_in_executor(_checks, function, *args)
        finally:
            self.waiting -= 1

    def subscribe(self, topics: frozenset[str], conn: str) -> Subscription:
        subscription = Subscription(topics, conn)
        for topic in topics:
            self.by_topic[topic].add(subscription)
        self.by_conn[conn] = subscription
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        self.by_conn.pop(subscription.conn, None)
        for topic in subscription.topics:
            listeners = self.by_topic.get(topic)
            if listeners is not None:
                listeners.discard(subscription)
                if not listeners:
                    del self.by_topic[topic]

    def close_streams(self, conns: list[str]) -> None:
        for conn in conns:
            subscription = self.by_conn.get(conn)
            if subscription is not None:
                subscription.end(CLOSED)

    def _deliver(self, events: list[Event]) -> None:
        for event in events:
            for subscription in list(self.by_topic.get(event.topic, ())):
                subscription.deliver(event)

    def _control(self, message: dict) -> None:
        self.close_streams([str(conn) for conn in message.get("close", ())])

    def _all(self) -> set[Subscription]:
        return set(self.by_conn.values())

    def _ready(self) -> None:
        self.ready.set()
        if self.was_down:
            self.tasks.append(asyncio.create_task(self.back()))

    async def _keep_listening(self) -> None:
        failures = 0
        while True:
            try:
                await self.source.listen(self._ready, self._deliver, self._control)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("live: the source broke; streams stay open and poll", exc_info=True)
            if self.ready.is_set():
                failures = 0
                self.ready.clear()
                self.was_down = True
                for subscription in self._all():
                    subscription.deliver(DOWN)
            failures += 1
            low, high = RETRY_SECONDS
            await asyncio.sleep(random.uniform(low, min(high, low * 2**failures)))  # noqa: S311

    async def back(self) -> None:
        """Called once the source listens again after a break: every stream's new position and
        `stale` (its page fetches everything once)."""
        if not self.was_down:
            return
        self.was_down = False
        streams = self._all()
        topics = tuple(sorted({t for s in streams for t in s.topics}))
        positions = await self._positions(topics)
        for subscription in streams:
            if positions is None:
                subscription.end()
            else:
                subscription.deliver(Notice("back", positions))

    async def _positions(self, topics: tuple[str, ...]) -> dict | None:
        """The topics' newest numbers, read again a few times while the store settles."""
        for attempt in range(BACK_ATTEMPTS):
            try:
                positions, _, _ = await self.source.catch_up(topics, None, None)
                return positions
            except Exception:
                logger.warning("live: positions unreadable after the break", exc_info=True)
                await asyncio.sleep(random.uniform(0.2, 0.5) * 2**attempt)  # noqa: S311
        return None

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            for subscription in self._all():
                subscription.deliver(HEARTBEAT)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """This event loop's hub (a live process has one loop; tests may start several)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub()
    return found
