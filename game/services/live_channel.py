"""The live channel's sending side: what changed, for whom, after the writer's commit.

An event is a topic (`game-<id>`, `queue-<id>`, `thread-<id>`, `user-<id>`) and a kind (`post`,
`vote`, `phase` …), never content: a page that hears one fetches its fragment with its viewer's
own permissions, so the channel can leak nothing the page would not show.

One Redis script numbers the event (INCR), keeps it in a capped list for reconnects
(`Last-Event-ID`) and publishes it on one pub/sub channel that every web process listens to
(the receiving side, `live.hub`, reads them as `live.events.Event`); being one script, events
are published in the order of their numbers. Without `LIVE_REDIS_URL` there is no channel:
publishing does nothing and pages poll. Services of the game and of the forums publish, so the
sending side sits with the services' shared tools, below everything that receives."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache, partial

import redis
from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)

# Enough for a phone that slept through a busy minute; an older Last-Event-ID gets `stale`.
KEPT_EVENTS = 2000

_PUBLISH = """
local id = redis.call('INCR', KEYS[1])
local event = cjson.encode({id = id, topic = ARGV[1], kind = ARGV[2]})
redis.call('LPUSH', KEYS[2], event)
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[3]) - 1)
redis.call('PUBLISH', KEYS[3], event)
return id
"""


def enabled() -> bool:
    return bool(settings.LIVE_REDIS_URL)


@dataclass(frozen=True)
class Keys:
    """Redis names of one channel. Pub/sub ignores database numbers, so the channel's name
    carries the database's: two sites on one Redis never hear each other."""

    counter: str
    recent: str
    pubsub: str


def keys_for(url: str) -> Keys:
    db = redis.connection.parse_url(url).get("db", 0) if url else 0
    return Keys(counter="live:last-id", recent="live:recent", pubsub=f"live:{db}:events")


@cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def publish(topic: str, kind: str) -> None:
    """Tell the open pages of `topic` that something of `kind` changed, once the caller's
    transaction commits (a rolled-back write tells nobody)."""
    if enabled():
        transaction.on_commit(partial(send, topic, kind), robust=True)


def send(topic: str, kind: str) -> int | None:
    """Publish now (after a commit). A channel that is down costs the pages their live update,
    never the write that already committed: they catch up on reconnect (`stale`) or by polling."""
    url = settings.LIVE_REDIS_URL
    keys = keys_for(url)
    try:
        return int(
            _client(url).eval(
                _PUBLISH, 3, keys.counter, keys.recent, keys.pubsub, topic, kind, KEPT_EVENTS
            )
        )
    except redis.RedisError:
        logger.warning("live: could not publish %s %s", topic, kind, exc_info=True)
        return None
