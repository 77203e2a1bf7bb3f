"""Reading the live stream raw, as a browser's EventSource would."""

from __future__ import annotations

import http.client
import json
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.test import Client

# The stream is read raw, chunked transfer encoding and all (a chunk-size line before each of the
# server's writes): its end is the last chunk, "0". The connection itself closes only later, when
# the server's keep-alive expires, which a test must not wait for.
LAST_CHUNK = "0\r\n"
# How long a test waits for what it expects from a stream: only a failing test waits this long,
# and a busy machine (other processes taking the cores) can hold a frame for several seconds.
WAIT_SECONDS = 30.0


@dataclass
class Frame:
    id: str | None
    kind: str
    data: dict
    raw: str


class Stream:
    def __init__(self, response: http.client.HTTPResponse, connection) -> None:
        self.response = response
        self.connection = connection
        self.status = response.status
        self.lines: list[str] = []

    def _readline(self) -> str:
        """The next raw line; "" once the server has ended the response."""
        line = self.response.fp.readline().decode()
        return "" if line == LAST_CHUNK else line

    def read_frame(self, timeout: float = WAIT_SECONDS) -> Frame:
        """The next event (comments and `retry:` skipped); raises TimeoutError."""
        self.connection.sock.settimeout(timeout)
        fields: dict[str, str] = {}
        raw: list[str] = []
        while True:
            try:
                line = self._readline()
            except TimeoutError as error:
                raise TimeoutError("no event") from error
            if not line:
                raise EOFError("the stream ended")
            self.lines.append(line)
            raw.append(line)
            line = line.rstrip("\n")
            if line == "":
                if "event" in fields:
                    return Frame(
                        id=fields.get("id"),
                        kind=fields["event"],
                        data=json.loads(fields["data"]),
                        raw="".join(raw),
                    )
                fields, raw = {}, []
                continue
            name, _, value = line.partition(":")
            if name:
                fields[name] = value.removeprefix(" ")

    def wait_until_subscribed(self, timeout: float = WAIT_SECONDS) -> None:
        """The response's headers may arrive before the server subscribed; its first frame,
        `retry:`, comes after. An event published before that would be missed by design."""
        self.connection.sock.settimeout(timeout)
        while (line := self._readline()) not in ("", "\n"):
            self.lines.append(line)
        self.lines.append(line)

    def read_heartbeats(self, count: int, timeout: float = 30.0) -> list[str]:
        """The lines up to the `count`-th heartbeat comment (`:`); raises TimeoutError when a line
        is awaited longer than `timeout`."""
        self.connection.sock.settimeout(timeout)
        lines: list[str] = []
        while sum(line.startswith(":") for line in lines) < count:
            line = self._readline()
            if not line:
                raise EOFError("the stream ended")
            lines.append(line)
        return lines

    def close(self) -> None:
        self.connection.close()


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def open_stream(
    base_url: str,
    user,
    topics: str,
    *,
    last_event_id: str | None = None,
    page: str = "",
    since: int | None = None,
    cookie: str | None = None,
) -> Stream:
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    headers = {"Accept": "text/event-stream"}
    if user is not None:
        cookie = cookie or session_cookie(user)
        headers["Cookie"] = f"{settings.SESSION_COOKIE_NAME}={cookie}"
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    query = f"topics={topics}" + (f"&page={page}" if page else "")
    query += f"&since={since}" if since is not None else ""
    connection.request("GET", f"/live/stream?{query}", headers=headers)
    stream = Stream(connection.getresponse(), connection)
    if stream.status == 200:
        stream.wait_until_subscribed()
    return stream
