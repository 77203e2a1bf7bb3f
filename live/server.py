"""`GET /live/stream?topics=game-12,thread-5&page=<random>&since=<ms>`: server-sent events for
an open page, served by a plain ASGI coroutine in front of Django (mafia_mod.asgi), so that an
open stream holds no thread and no store connection: it is a queue of the process's hub.

Access is decided once, at connect, in one short transaction on a check thread (the session,
the user and live.access); after that an idle stream makes no database query. The answer is
404 for any topic the viewer may not read ("not yours" is "not found"), 429 for a page closed
by the user's newer ones (live.admission), 503 while the store is away or too many streams wait
for their check (the browser retries later; the page polls meanwhile).

A stream's event id is its position: the number of the last event of each of its topics
(live.events), so a reconnect (`Last-Event-ID`) replays exactly what it missed, and a first
connect replays what happened since its page was rendered (`since`)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from http.cookies import SimpleCookie
from types import SimpleNamespace
from urllib.parse import parse_qs

from django.conf import settings
from django.contrib.auth import get_user
from django.db import close_old_connections, transaction
from django.http.request import split_domain_port, validate_host
from django.utils.module_loading import import_string

from game.services.live_channel import ACCESS, enabled
from live.access import Grant, grant_for, parse_topics
from live.events import Event, parse_position, position_id
from live.hub import CLOSED, DOWN, END, HEARTBEAT, ChannelDown, Hub, Notice, Subscription, hub

# Access is checked anew at each connect: a stream ends after about this long (spread, so
# that streams opened together do not come back together).
STREAM_MAX_SECONDS = 15 * 60
# The browser's wait before reconnecting, drawn per stream: a storm of reconnects spreads out.
RETRY_MILLISECONDS = (1000, 8000)
PAGE = "page"
PAUSED = "Live updates are paused; the page polls."
TOO_MANY = (
    "This page is no longer live: you have newer live pages open. Reload it to make it live again."
)


def _authorize(session_key: str, topics: frozenset[str]) -> Grant | None:
    """In a check thread, in one transaction: the session's user and what they may hear."""
    close_old_connections()
    try:
        with transaction.atomic():
            store = import_string(f"{settings.SESSION_ENGINE}.SessionStore")(session_key or None)
            user = get_user(SimpleNamespace(session=store))
            return grant_for(user, topics)
    finally:
        # As after a request: the connection is kept for the next check (CONN_MAX_AGE).
        close_old_connections()


class Request:
    def __init__(self, scope) -> None:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        self.query = {name: values[-1] for name, values in query.items()}
        self.headers = {
            name.decode("latin-1").lower(): value.decode("latin-1")
            for name, value in scope.get("headers", [])
        }

    def session_key(self) -> str:
        cookie = SimpleCookie()
        try:
            cookie.load(self.headers.get("cookie", ""))
        except Exception:
            return ""
        morsel = cookie.get(settings.SESSION_COOKIE_NAME)
        return morsel.value if morsel else ""

    def host_allowed(self) -> bool:
        domain, _ = split_domain_port(self.headers.get("host", ""))
        allowed = settings.ALLOWED_HOSTS
        if settings.DEBUG and not allowed:
            allowed = [".localhost", "127.0.0.1", "[::1]"]
        return bool(domain) and validate_host(domain, allowed)

    def since_ms(self) -> int | None:
        raw = self.query.get("since", "")
        return int(raw) if raw.isdigit() and len(raw) < 16 else None

    def page(self, conn: str) -> str:
        raw = self.query.get(PAGE, "")
        return raw if raw.isalnum() and len(raw) <= 32 else conn


async def _answer(send, status: int, text: str, headers=()) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8"), *headers],
        }
    )
    await send({"type": "http.response.body", "body": text.encode()})


async def stream_app(scope, receive, send) -> None:
    request = Request(scope)
    topics = parse_topics(request.query.get("topics", ""))
    if topics is None or not enabled() or not request.host_allowed():
        await _answer(send, 404, "No such stream.")
        return
    live_hub = hub()
    try:
        grant = await live_hub.check(_authorize, request.session_key(), topics)
        if grant is None:
            await _answer(send, 404, "No such stream.")
            return
        await live_hub.start()
        conn = secrets.token_hex(8)
        page = request.page(conn)
        if not await live_hub.admission.admit(grant.user_id, page, conn):
            await _answer(send, 429, TOO_MANY)
            return
    except ChannelDown:
        retry = str(random.randint(5, 30)).encode()  # noqa: S311
        await _answer(
            send, 503, "Live updates are paused; the page polls.", [(b"retry-after", retry)]
        )
        return
    except Exception:
        await _answer(send, 503, PAUSED)
        raise
    try:
        await Stream(live_hub, grant, conn, send, receive).run(
            request.headers.get("last-event-id", ""), request.since_ms()
        )
    finally:
        await _quietly(live_hub.admission.release(grant.user_id, page, conn))


async def _quietly(call) -> None:
    # A store that is away forgets the entry by itself (live.admission).
    with contextlib.suppress(Exception):
        await call


class Stream:
    def __init__(self, live_hub: Hub, grant: Grant, conn: str, send, receive) -> None:
        self.hub = live_hub
        self.topics = tuple(sorted(grant.topics))
        self.user_topic = f"user-{grant.user_id}"
        self.conn = conn
        self.send = send
        self.receive = receive
        self.position: dict[str, int] = {}

    async def run(self, last_event_id: str, since_ms: int | None) -> None:
        subscription = self.hub.subscribe(frozenset(self.topics) | {self.user_topic}, self.conn)
        watcher = asyncio.create_task(self._watch_disconnect(subscription))
        try:
            await self._start(subscription, last_event_id, since_ms)
            await self._follow(subscription)
            await self.send({"type": "http.response.body", "body": b""})
        except OSError:
            pass
        finally:
            watcher.cancel()
            self.hub.unsubscribe(subscription)

    async def _watch_disconnect(self, subscription: Subscription) -> None:
        while (await self.receive())["type"] != "http.disconnect":
            pass
        subscription.end()

    async def _write(self, text: str) -> None:
        await self.send({"type": "http.response.body", "body": text.encode(), "more_body": True})

    async def _start(self, subscription: Subscription, last_event_id: str, since_ms) -> None:
        after = parse_position(last_event_id, self.topics)
        position, replay, stale = await self.hub.source.catch_up(
            self.topics, after, None if after else since_ms
        )
        await self.send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"text/event-stream"),
                    (b"cache-control", b"no-cache, no-store"),
                    (b"x-accel-buffering", b"no"),
                ],
            }
        )
        self.position = dict(after or position)
        retry = random.randint(*RETRY_MILLISECONDS)  # noqa: S311
        frames = [f"retry: {retry}\n\n"]
        for event in replay:
            frames.append(self._frame(event))
        self.position.update(position)
        frames.append(self._stale(stale) if stale else f"id: {self._id()}\n\n")
        await self._write("".join(frames))

    async def _follow(self, subscription: Subscription) -> None:
        loop = asyncio.get_running_loop()
        ends_at = loop.time() + STREAM_MAX_SECONDS * random.uniform(0.8, 1.0)  # noqa: S311
        while True:
            item = await subscription.queue.get()
            if isinstance(item, Event):
                if item.kind == ACCESS and item.topic == self.user_topic:
                    return
                text, done = self._on_event(item), False
            else:
                text, done = self._on_notice(item)
                done = done or (item is HEARTBEAT and loop.time() > ends_at)
            if text:
                await self._write(text)
            if done:
                return

    def _on_event(self, event: Event) -> str:
        if event.topic not in self.position or event.id <= self.position[event.topic]:
            return ""
        if event.id > self.position[event.topic] + 1:
            self.position[event.topic] = event.id
            return self._stale({event.topic})
        return self._frame(event)

    def _on_notice(self, notice: Notice) -> tuple[str, bool]:
        """The text to send, and whether the stream ends after it."""
        if notice is HEARTBEAT:
            return ": heartbeat\n\n", False
        if notice is DOWN:
            return 'event: down\ndata: {"kind": "down"}\n\n', False
        if notice is CLOSED:
            return 'event: closed\ndata: {"kind": "closed"}\n\n', True
        if notice is END:
            return "", True
        self.position.update({t: notice.positions.get(t, 0) for t in self.topics})
        return self._stale(set(self.topics)), False

    def _id(self) -> str:
        return position_id(self.topics, self.position)

    def _frame(self, event: Event) -> str:
        self.position[event.topic] = event.id
        data = f'{{"topic": "{event.topic}", "kind": "{event.kind}"}}'
        return f"id: {self._id()}\nevent: {event.kind}\ndata: {data}\n\n"

    def _stale(self, topics: set[str]) -> str:
        frames = [
            f'event: stale\ndata: {{"topic": "{topic}", "kind": "stale"}}\n\n'
            for topic in sorted(topics)
        ]
        return "".join(frames) + f"id: {self._id()}\n\n"
