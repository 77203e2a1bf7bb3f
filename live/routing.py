"""The ASGI application: `/live/stream` to the stream server (live.server), which holds no
thread per stream, everything else to Django."""

from __future__ import annotations

STREAM_PATH = "/live/stream"


def with_streams(django_application):
    from live.server import stream_app

    async def application(scope, receive, send):
        if scope["type"] == "http" and scope.get("path") == STREAM_PATH:
            await stream_app(scope, receive, send)
        else:
            await django_application(scope, receive, send)

    return application
