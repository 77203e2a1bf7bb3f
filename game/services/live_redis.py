"""The live channel on Redis (production): one script numbers each event on its topic (INCR),
keeps the last ones of the topic for reconnects (`Last-Event-ID`) and publishes the whole batch
as one message on one pub/sub channel that every live process listens to (live.sources); being
one script, events reach the listeners in the order of their numbers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

import redis
from django.conf import settings

# Enough for a phone that slept through a busy minute; an older Last-Event-ID gets `stale`.
KEPT_PER_TOPIC = 200
# A topic nobody wrote to for this long is forgotten (a reconnect then gets `stale`).
TOPIC_TTL_SECONDS = 2 * 24 * 3600
# Events per script call: a day end's thousands go as a few calls in one pipeline.
CHUNK = 500

_PUBLISH = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local prefix, kept, ttl = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local events, ids = {}, {}
for i = 4, #ARGV, 2 do
  local topic, kind = ARGV[i], ARGV[i + 1]
  local counter, recent = prefix .. 'n:' .. topic, prefix .. 'r:' .. topic
  local id = redis.call('INCR', counter)
  local event = cjson.encode({i = id, t = topic, k = kind, s = ms})
  redis.call('LPUSH', recent, event)
  redis.call('LTRIM', recent, 0, kept - 1)
  redis.call('EXPIRE', counter, ttl)
  redis.call('EXPIRE', recent, ttl)
  events[#events + 1] = event
  ids[#ids + 1] = id
end
redis.call('PUBLISH', KEYS[1], '{"e":[' .. table.concat(events, ',') .. ']}')
return ids
"""


@dataclass(frozen=True)
class Keys:
    """Redis names of one channel. Pub/sub ignores database numbers, so the channel's name
    carries the database's: two sites on one Redis never hear each other."""

    prefix: str
    pubsub: str

    def counter(self, topic: str) -> str:
        return f"{self.prefix}n:{topic}"

    def recent(self, topic: str) -> str:
        return f"{self.prefix}r:{topic}"


def keys_for(url: str) -> Keys:
    db = redis.connection.parse_url(url).get("db", 0) if url else 0
    return Keys(prefix="live:", pubsub=f"live:{db}:events")


@cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=0.5)


@cache
def _script(url: str):
    return _client(url).register_script(_PUBLISH)


def append(events: list[tuple[str, str]]) -> list[int]:
    url = settings.LIVE_REDIS_URL
    keys = keys_for(url)
    script = _script(url)
    client = _client(url)
    with client.pipeline(transaction=False) as pipe:
        for start in range(0, len(events), CHUNK):
            args = [keys.prefix, KEPT_PER_TOPIC, TOPIC_TTL_SECONDS]
            for topic, kind in events[start : start + CHUNK]:
                args += [topic, kind]
            script(keys=[keys.pubsub], args=args, client=pipe)
        results = pipe.execute()
    return [int(i) for ids in results for i in ids]


def control(url: str, message: dict) -> None:
    """A message for the listening processes themselves (ending streams), not numbered."""
    _client(url).publish(keys_for(url).pubsub, json.dumps(message))
