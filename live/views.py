"""`GET /live/stream?topics=game-12,thread-5`: server-sent events for the open page.

Access is decided once, at connect (live.access); after that an idle stream makes no database
query. Served by an ASGI server only: under WSGI Django would read this endless response whole
before sending it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse

from game.services import live_channel
from live.access import Grant, grant_for, parse_topics
from live.events import Event
from live.hub import ChannelDown, Hub, hub

HEARTBEAT_SECONDS = 15
# Access is checked anew at each connect: a stream ends after this long and the browser
# reconnects (with Last-Event-ID, missing nothing), so a replaced player stops hearing.
STREAM_MAX_SECONDS = 15 * 60
RETRY_MILLISECONDS = 3000
DEATH = "death"


async def stream(request: HttpRequest) -> HttpResponse:
    topics = parse_topics(request.GET.get("topics", ""))
    if topics is None or not live_channel.enabled():
        raise Http404("No such stream.")
    live_hub = hub()
    async with live_hub.checks:
        grant = await sync_to_async(_grant)(request, topics)
    if grant is None:
        raise Http404("No such stream.")
    try:
        await live_hub.start()
    except ChannelDown:
        return HttpResponse("The live channel is down; the page polls.", status=503)
    # Never compressed: Django's gzip would wrap each event on its own, and there is nothing
    # to gain on lines this short.
    request.META.pop("HTTP_ACCEPT_ENCODING", None)
    response = StreamingHttpResponse(
        _events(live_hub, grant, _last_event_id(request)), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache, no-store"
    response["X-Accel-Buffering"] = "no"
    return response


def _grant(request: HttpRequest, topics: frozenset[str]) -> Grant | None:
    """In a worker thread, once; its database connection is closed before the stream starts,
    so an open stream holds none."""
    try:
        return grant_for(request.user, topics)
    finally:
        connection.close()


def _last_event_id(request: HttpRequest) -> int | None:
    raw = request.headers.get("Last-Event-ID", "")
    return int(raw) if raw.isdigit() and len(raw) < 19 else None


async def _events(live_hub: Hub, grant: Grant, last_id: int | None) -> AsyncIterator[str]:
    watched = frozenset(f"game-{game_id}" for game_id in grant.watch_deaths_in)
    subscription = live_hub.subscribe(grant.topics | watched)
    loop = asyncio.get_running_loop()
    ends_at = loop.time() + STREAM_MAX_SECONDS
    try:
        yield f"retry: {RETRY_MILLISECONDS}\n\n"
        sent = last_id or 0
        if last_id is not None:
            replay = await live_hub.missed(last_id, grant.topics)
            if replay is None:
                for topic in sorted(grant.topics):
                    yield _frame(Event(id=sent, topic=topic, kind="stale"), with_id=False)
                replay = []
            for event in replay:
                yield _frame(event)
                sent = event.id
        while not subscription.ended:
            left = ends_at - loop.time()
            if left <= 0:
                return
            try:
                async with asyncio.timeout(min(HEARTBEAT_SECONDS, left)):
                    event = await subscription.queue.get()
            except TimeoutError:
                yield ": heartbeat\n\n"
                continue
            if event is None or event.id <= sent:
                continue
            if event.topic in grant.topics:
                yield _frame(event)
                sent = event.id
            if event.kind == DEATH and event.topic in watched:
                return
    finally:
        live_hub.unsubscribe(subscription)


def _frame(event: Event, *, with_id: bool = True) -> str:
    data = json.dumps({"topic": event.topic, "kind": event.kind})
    head = f"id: {event.id}\n" if with_id else ""
    return f"{head}event: {event.kind}\ndata: {data}\n\n"
