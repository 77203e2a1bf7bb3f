"""An asyncio client of the live streams (server-sent events over raw sockets), for the benchmark
(bench/live.py, straight to the ASGI server) and the stack test (tests/stack/streams.py, through
nginx with TLS): one connection per stream, each event stamped with the moment it arrived."""

from __future__ import annotations

import asyncio
import json
import re
import ssl
import time
from dataclasses import dataclass, field


@dataclass
class Event:
    id: str
    kind: str
    topic: str
    received: float


@dataclass
class Stream:
    status: int
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    chunked: bool
    events: list[Event] = field(default_factory=list)
    heartbeats: int = 0
    ended: bool = False
    last_id: str | None = None
    retry_after: float | None = None

    async def follow(self, on_event=None) -> None:
        """Reads events until the server ends the stream or the task is cancelled;
        `on_event(kind)` is called for each (the benchmark keeps its own record)."""
        buffer = b""
        try:
            async for data in self._body():
                buffer += data
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    kind = self._take(block.decode())
                    if kind and on_event is not None:
                        on_event(kind)
        except (OSError, asyncio.IncompleteReadError, ssl.SSLError):
            pass
        self.ended = True

    def _take(self, block: str) -> str | None:
        fields: dict[str, str] = {}
        for line in block.splitlines():
            if line.startswith(":"):
                self.heartbeats += 1
            elif ":" in line:
                name, value = line.split(":", 1)
                fields[name] = value.removeprefix(" ")
        if "id" in fields:
            self.last_id = fields["id"]
        if "data" in fields:
            topic = json.loads(fields["data"]).get("topic", "")
            kind = fields.get("event", "message")
            self.events.append(Event(fields.get("id", ""), kind, topic, time.perf_counter()))
            return kind
        return None

    async def _body(self):
        if not self.chunked:
            while data := await self.reader.read(65536):
                yield data
            return
        while size_line := await self.reader.readline():
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                return
            yield (await self.reader.readexactly(size + 2))[:-2]

    def close(self) -> None:
        self.writer.close()


async def open_stream(
    port: int,
    path: str,
    cookie: str,
    *,
    tls: ssl.SSLContext | None = None,
    host: str = "",
    last_event_id: str | None = None,
) -> Stream:
    """Connects, sends the request and reads the response's head; `follow()` reads the rest."""
    reader, writer = await asyncio.open_connection(
        "127.0.0.1", port, ssl=tls, server_hostname="127.0.0.1" if tls else None, limit=2**20
    )
    writer.write(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host or '127.0.0.1'}\r\nCookie: {cookie}\r\n"
            "Accept: text/event-stream\r\nCache-Control: no-cache\r\n"
            + (f"Last-Event-ID: {last_event_id}\r\n" if last_event_id else "")
            + "\r\n"
        ).encode()
    )
    await writer.drain()
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").lower()
    status = int(head.split(" ", 2)[1])
    if "content-type: text/event-stream" not in head:
        writer.close()
        retry = re.search(r"^retry-after: *(\d+)", head, re.MULTILINE)
        stream = Stream(status, reader, writer, chunked=False, ended=True)
        stream.retry_after = float(retry.group(1)) if retry else None
        return stream
    return Stream(status, reader, writer, chunked="transfer-encoding: chunked" in head)
