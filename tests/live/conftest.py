"""The live channel's tests run against real Redis and a real uvicorn serving the app (ASGI) on
the test database: Django under WSGI would never send an endless stream."""

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

from game.services.live_channel import keys_for

# Each worktree of the project has its own Redis database and port range.
LIVE_TEST_REDIS_URL = os.environ.get("LIVE_TEST_REDIS_URL", "redis://127.0.0.1:6379/5")
LIVE_TEST_PORTS = range(
    int(os.environ.get("LIVE_TEST_PORT_FIRST", "8100")),
    int(os.environ.get("LIVE_TEST_PORT_LAST", "8149")) + 1,
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
    client = redis.Redis.from_url(LIVE_TEST_REDIS_URL)
    keys = keys_for(LIVE_TEST_REDIS_URL)
    client.delete(keys.counter, keys.recent)
    yield client
    client.close()


@pytest.fixture
def asgi_server(live_redis, transactional_db) -> Iterator[str]:
    """uvicorn serving the whole app in a thread, on the test database; yields its base URL.
    Its request threads close their connections after each request, so none is left open."""
    import uvicorn
    from django.core.asgi import get_asgi_application

    database = connections.settings["default"]
    kept_max_age = database.get("CONN_MAX_AGE", 0)
    database["CONN_MAX_AGE"] = 0
    port = _free_port()
    config = uvicorn.Config(
        get_asgi_application(), host="127.0.0.1", port=port, lifespan="off", log_level="warning"
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
