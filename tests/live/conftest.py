"""The live channel's tests run against real Redis and a real uvicorn serving the app (ASGI, as
mafia_mod.asgi composes it) on the test database: Django under WSGI would never send an endless
stream."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import redis
from django.db import connections

from game.services.live_redis import keys_for


def _worker_url(base: str) -> str:
    """Each test worker (xdist) on a Redis database of its own, next to the base's: two workers'
    games share numbers, and must not hear each other."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    index = int(worker[2:]) if worker[2:].isdigit() else 0
    head, _, db = base.rpartition("/")
    return f"{head}/{int(db or 0) + index}"


# Each worktree of the project has its own Redis database and port range (the range stops
# before the ports of test_restart.py and test_outage.py, 8147 and 8148 by default).
LIVE_TEST_REDIS_URL = _worker_url(os.environ.get("LIVE_TEST_REDIS_URL", "redis://127.0.0.1:6379/5"))
# Each test worker (xdist) takes every n-th port of the range: two workers probing the same free
# port at once would both try to serve on it.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "gw0")[2:]
_WORKER_INDEX = int(_WORKER) if _WORKER.isdigit() else 0
LIVE_TEST_PORTS = range(
    int(os.environ.get("LIVE_TEST_PORT_FIRST", "8100")) + _WORKER_INDEX,
    int(os.environ.get("LIVE_TEST_PORT_LAST", "8145")) + 1,
    int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")),
)

# The browser tests' Playwright (sync API) runs an event loop; Django's check would refuse the ORM.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def _free_port() -> int:
    for port in LIVE_TEST_PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {LIVE_TEST_PORTS}")


@pytest.fixture
def live_redis(settings) -> Iterator[redis.Redis]:
    """The channel on, on an emptied Redis database of the tests' own."""
    settings.LIVE_REDIS_URL = LIVE_TEST_REDIS_URL
    settings.LIVE_CHANNEL = "redis"
    client = redis.Redis.from_url(LIVE_TEST_REDIS_URL)
    prefix = keys_for(LIVE_TEST_REDIS_URL).prefix
    stale = list(client.scan_iter(f"{prefix}*", count=1000))
    if stale:
        client.delete(*stale)
    yield client
    client.close()


def serve(application) -> Iterator[str]:
    """uvicorn serving `application` in a thread; yields its base URL. Its check threads close
    their connections after each check, so none is left open."""
    import uvicorn

    database = connections.settings["default"]
    kept_max_age = database.get("CONN_MAX_AGE", 0)
    database["CONN_MAX_AGE"] = 0
    port = _free_port()
    # At the end, streams still open (a test's, a browser page's) are cut after a second rather
    # than awaited: they never end by themselves.
    config = uvicorn.Config(
        application,
        host="127.0.0.1",
        port=port,
        lifespan="off",
        log_level="warning",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    database["CONN_MAX_AGE"] = kept_max_age
    with contextlib.suppress(Exception):
        connections.close_all()


def asgi_application():
    from django.core.asgi import get_asgi_application

    from live.routing import with_streams

    return with_streams(get_asgi_application())


@pytest.fixture
def asgi_server(live_redis, transactional_db) -> Iterator[str]:
    """The app with the Redis channel, served by uvicorn on the test database."""
    yield from serve(asgi_application())


@pytest.fixture
def embedded_server(settings, transactional_db) -> Iterator[str]:
    """The app with the embedded channel (the database, as `make run`), served by uvicorn."""
    settings.LIVE_REDIS_URL = ""
    settings.LIVE_CHANNEL = "database"
    yield from serve(asgi_application())
