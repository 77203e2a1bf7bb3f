"""The pages of `make bench-live`: processes of their own (this machine's Python reads a few
thousand TLS streams a second per process), each holding its share of the streams through nginx,
reconnecting as a browser does (Last-Event-ID; after 503 or 429 a wait of Retry-After or 1-8 s),
and stamping every event with the wall clock so that the parent can time a post's delivery."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import ssl
import time
from dataclasses import dataclass, field

from bench.sse import open_stream

OPEN_AT_ONCE = 300


@dataclass
class Page:
    cookie: str
    path: str
    events: list[tuple[str, float]] = field(default_factory=list)
    last_id: str | None = None
    stream: object = None
    task: asyncio.Task | None = None

    def count(self, kind: str) -> int:
        return sum(k == kind for k, _ in self.events)


class Reader:
    def __init__(self, port: int, cert: str, pages: list[tuple[str, str]]) -> None:
        self.port = port
        self.tls = ssl.create_default_context(cafile=cert)
        self.pages = [Page(cookie, path) for cookie, path in pages]
        self.refused = 0
        self.reconnects = 0

    async def _open(self, page: Page, gate: asyncio.Semaphore) -> None:
        while True:
            async with gate:
                try:
                    stream = await open_stream(
                        self.port, page.path, page.cookie, tls=self.tls,
                        host="127.0.0.1", last_event_id=page.last_id,
                    )  # fmt: skip
                except (OSError, asyncio.IncompleteReadError, ssl.SSLError):
                    stream = None
            if stream is not None and stream.status == 200:
                page.stream = stream
                page.task = asyncio.create_task(self._follow(page))
                return
            self.refused += 1
            wait = stream.retry_after if stream is not None and stream.retry_after else None
            await asyncio.sleep(wait or random.uniform(1, 8))  # noqa: S311

    async def _follow(self, page: Page) -> None:
        """As EventSource: when the server ends the stream, reconnect after a while with the
        last event id (the task is cancelled when the benchmark drops the stream itself)."""
        stream = page.stream
        await stream.follow(on_event=lambda kind: page.events.append((kind, time.time())))
        page.last_id = stream.last_id or page.last_id
        page.stream = None
        self.reconnects += 1
        await asyncio.sleep(random.uniform(1, 8))  # noqa: S311
        await self._open(page, asyncio.Semaphore(1))

    async def open_all(self, at_once: int = OPEN_AT_ONCE) -> dict:
        started = time.perf_counter()
        self.refused = 0
        gate = asyncio.Semaphore(at_once)
        await asyncio.gather(*(self._open(page, gate) for page in self.pages))
        return {"seconds": time.perf_counter() - started, "refused": self.refused}

    async def storm(self) -> dict:
        """Every stream dropped at once and reopened at once (Last-Event-ID)."""
        for page in self.pages:
            if page.stream is not None:
                page.last_id = page.stream.last_id or page.last_id
                page.stream.close()
            page.task.cancel()
        return await self.open_all(at_once=len(self.pages))

    async def wait_for(self, kind: str, before: list[int], timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(p.count(kind) > n for p, n in zip(self.pages, before, strict=True)):
                break
            await asyncio.sleep(0.02)
        times, missed = [], 0
        for page, n in zip(self.pages, before, strict=True):
            found = [at for k, at in page.events if k == kind]
            if len(found) > n:
                times.append(found[n])
            else:
                missed += 1
        return {"times": times, "missed": missed}

    def dropped(self) -> dict:
        """Streams not open now, and how many times the server ended one (reconnected)."""
        closed = sum(page.stream is None or page.stream.ended for page in self.pages)
        return {"closed": closed, "reconnects": self.reconnects}


async def _serve(conn, reader: Reader) -> None:
    loop = asyncio.get_running_loop()
    while True:
        command, *args = await loop.run_in_executor(None, conn.recv)
        if command == "open":
            conn.send(await reader.open_all())
        elif command == "storm":
            conn.send(await reader.storm())
        elif command == "counts":
            conn.send([page.count(args[0]) for page in reader.pages])
        elif command == "wait":
            conn.send(await reader.wait_for(*args))
        elif command == "dropped":
            conn.send(reader.dropped())
        else:
            for page in reader.pages:
                if page.stream is not None:
                    page.stream.close()
            conn.send(None)
            return


def _child(conn, port: int, cert: str, pages: list[tuple[str, str]]) -> None:
    asyncio.run(_serve(conn, Reader(port, cert, pages)))


class Readers:
    """The reader processes, driven together."""

    def __init__(self, processes: int, port: int, cert: str, pages: list[tuple[str, str]]):
        context = multiprocessing.get_context("fork")
        self.conns, self.children = [], []
        for index in range(processes):
            parent, child = context.Pipe()
            share = pages[index::processes]
            process = context.Process(target=_child, args=(child, port, cert, share), daemon=True)
            process.start()
            self.conns.append(parent)
            self.children.append(process)

    def ask(self, *command) -> list:
        for conn in self.conns:
            conn.send(command)
        return [conn.recv() for conn in self.conns]

    def counts(self, kind: str) -> list[list[int]]:
        return self.ask("counts", kind)

    def wait_for(self, kind: str, before: list[list[int]], timeout: float) -> tuple[list, int]:
        for conn, counts in zip(self.conns, before, strict=True):
            conn.send(("wait", kind, counts, timeout))
        answers = [conn.recv() for conn in self.conns]
        return [t for a in answers for t in a["times"]], sum(a["missed"] for a in answers)

    def close(self) -> None:
        self.ask("close")
        for process in self.children:
            process.join(timeout=10)
