"""A Redis restart under open streams: they stay open, are told `down` (the pages poll), and are
told `stale` within seconds of Redis's return (the pages fetch everything once); events flow
again after it."""

from __future__ import annotations

import os
import shutil
import subprocess
import time

import pytest
import redis
from django.db import transaction

from game.services.live_channel import publish
from tests.factories import running_game
from tests.live.conftest import asgi_application, serve
from tests.live.streams import open_stream

PORT = int(os.environ.get("LIVE_TEST_RESTART_PORT", "8147"))
pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")


def start_redis() -> subprocess.Popen:
    server = subprocess.Popen(
        ["redis-server", "--port", str(PORT), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    client = redis.Redis(port=PORT)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            client.ping()
            return server
        except redis.ConnectionError:
            time.sleep(0.05)
    raise RuntimeError("redis-server did not start")


@pytest.fixture
def private_redis(settings):
    server = start_redis()
    settings.LIVE_REDIS_URL = f"redis://127.0.0.1:{PORT}/0"
    settings.LIVE_CHANNEL = "redis"
    holder = {"server": server}
    yield holder
    holder["server"].terminate()
    holder["server"].wait(timeout=10)


@pytest.fixture
def server(private_redis, transactional_db):
    yield from serve(asgi_application())


def next_kind(stream, timeout: float = 20.0) -> str:
    return stream.read_frame(timeout=timeout).kind


def test_streams_stay_open_through_a_redis_restart_and_are_told_stale(private_redis, server):
    game, players = running_game(4)
    topic = f"game-{game.pk}"
    stream = open_stream(server, players[1].user, topic)
    assert stream.status == 200
    private_redis["server"].terminate()
    private_redis["server"].wait(timeout=10)
    assert next_kind(stream) == "down"
    private_redis["server"] = start_redis()
    assert next_kind(stream) == "stale"
    with transaction.atomic():
        publish(topic, "vote")
    assert next_kind(stream) == "vote"
