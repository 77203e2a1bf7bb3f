"""The shared cache (Redis) as a help, never a requirement: while Redis is away every read is a
miss and every write is dropped (logged, at most once a minute per process), so that sessions
fall back to the database (`cached_db`), the thread polls take their full path and no committed
write turns into an error. What the cache holds is rebuilt once Redis is back."""

from __future__ import annotations

import logging
import time
from functools import wraps

import redis
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

logger = logging.getLogger(__name__)

WARN_EVERY_SECONDS = 60.0
_last_warning = 0.0


def _warn(error: Exception) -> None:
    global _last_warning
    now = time.monotonic()
    if now - _last_warning >= WARN_EVERY_SECONDS:
        _last_warning = now
        logger.warning("cache: Redis unreachable, serving without it (%s)", error)


def _degrades_to(fallback):
    """The method answers `fallback(*args)` when Redis cannot be reached."""

    def decorate(method):
        @wraps(method)
        def guarded(self, *args, **kwargs):
            try:
                return method(self, *args, **kwargs)
            except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
                _warn(error)
                return fallback(*args)

        return guarded

    return decorate


def _missing_key(key, delta):
    raise ValueError(f"Key '{key}' not found (the cache is unreachable).")


class ResilientRedisCacheClient(RedisCacheClient):
    add = _degrades_to(lambda *a: False)(RedisCacheClient.add)
    get = _degrades_to(lambda key, default: default)(RedisCacheClient.get)
    set = _degrades_to(lambda *a: None)(RedisCacheClient.set)
    touch = _degrades_to(lambda *a: False)(RedisCacheClient.touch)
    delete = _degrades_to(lambda *a: False)(RedisCacheClient.delete)
    get_many = _degrades_to(lambda keys: {})(RedisCacheClient.get_many)
    has_key = _degrades_to(lambda *a: False)(RedisCacheClient.has_key)
    incr = _degrades_to(_missing_key)(RedisCacheClient.incr)
    set_many = _degrades_to(lambda *a: None)(RedisCacheClient.set_many)
    delete_many = _degrades_to(lambda *a: None)(RedisCacheClient.delete_many)


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ResilientRedisCacheClient
