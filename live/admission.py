"""At most STREAMS_PER_USER open streams per user (a phone, a laptop, a few tabs): a new page's
stream closes the user's oldest, whose page is told (`closed`) and polls from then on; a closed
page that comes back anyway (its browser reconnecting) is refused 429 until it is reloaded.
A page is named by the random `page` of its stream's address (made when it was rendered), so
that a page's own reconnects never count twice.

The registry is Redis's (every live process shares it) or, for the embedded channel (one web
process), this process's memory."""

from __future__ import annotations

import time
from collections import OrderedDict, defaultdict
from collections.abc import Callable

STREAMS_PER_USER = 8
# How long a closed page stays refused, and how long an entry outlives a stream that could not
# say it ended (its process died): a stream lasts at most this long anyway (live.server).
REMEMBERED_SECONDS = 20 * 60

_ADMIT = """
local pages, conns, closed = KEYS[1], KEYS[2], KEYS[3]
local page, conn, now = ARGV[1], ARGV[2], tonumber(ARGV[3])
local limit, keep = tonumber(ARGV[4]), tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', pages, '-inf', now - keep * 1000)
if redis.call('SISMEMBER', closed, page) == 1 then return {0} end
redis.call('ZADD', pages, now, page)
redis.call('HSET', conns, page, conn)
local ended = {}
while redis.call('ZCARD', pages) > limit do
  local oldest = redis.call('ZRANGE', pages, 0, 0)[1]
  redis.call('ZREM', pages, oldest)
  local c = redis.call('HGET', conns, oldest)
  redis.call('HDEL', conns, oldest)
  redis.call('SADD', closed, oldest)
  if c then ended[#ended + 1] = c end
end
for _, key in ipairs(KEYS) do redis.call('EXPIRE', key, keep) end
if #ended > 0 then redis.call('PUBLISH', ARGV[6], cjson.encode({close = ended})) end
return {1}
"""

_RELEASE = """
if redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[2] then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
"""


class RedisAdmission:
    def __init__(self, client, pubsub: str) -> None:
        self.client = client
        self.pubsub = pubsub
        self.admit_script = client.register_script(_ADMIT)
        self.release_script = client.register_script(_RELEASE)

    @staticmethod
    def _keys(user_id: int) -> list[str]:
        return [f"live:pages:{user_id}", f"live:conns:{user_id}", f"live:closed:{user_id}"]

    async def admit(self, user_id: int, page: str, conn: str) -> bool:
        now_ms = int(time.time() * 1000)
        args = [page, conn, now_ms, STREAMS_PER_USER, REMEMBERED_SECONDS, self.pubsub]
        (allowed,) = await self.admit_script(keys=self._keys(user_id), args=args)
        return bool(allowed)

    async def release(self, user_id: int, page: str, conn: str) -> None:
        await self.release_script(keys=self._keys(user_id), args=[page, conn])


class MemoryAdmission:
    """The same rules in one process (the embedded channel)."""

    def __init__(self, close: Callable[[list[str]], None]) -> None:
        self.close = close
        self.pages: dict[int, OrderedDict[str, str]] = defaultdict(OrderedDict)
        self.closed: dict[int, dict[str, float]] = defaultdict(dict)

    async def admit(self, user_id: int, page: str, conn: str) -> bool:
        now = time.monotonic()
        closed = self.closed[user_id]
        for name, at in list(closed.items()):
            if now - at > REMEMBERED_SECONDS:
                del closed[name]
        if page in closed:
            return False
        pages = self.pages[user_id]
        pages.pop(page, None)
        pages[page] = conn
        ended = []
        while len(pages) > STREAMS_PER_USER:
            oldest, oldest_conn = pages.popitem(last=False)
            closed[oldest] = now
            ended.append(oldest_conn)
        if ended:
            self.close(ended)
        return True

    async def release(self, user_id: int, page: str, conn: str) -> None:
        pages = self.pages.get(user_id)
        if pages is not None and pages.get(page) == conn:
            del pages[page]
