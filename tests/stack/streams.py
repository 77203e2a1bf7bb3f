"""Open streams must not hurt (run by tests/stack/run.sh): 200 live streams of a night-and-day
game's players through nginx (TLS, HTTP/1.1) to the ASGI server, held open while votes go on
through nginx to gunicorn. Every vote is answered 201 and none is slow (p90 at most 100 ms above
the same votes with no stream open, none over 1 s); every vote's event reaches all 200 streams
(votes are public as they are cast in these games, C5); the heartbeat comes through; no stream
is dropped; and a stream of a running game is "not found" for an outsider."""

from __future__ import annotations

import asyncio
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from client import HTTPS_PORT, Browser, check, setup_django, tls_context

setup_django()

from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.sessions import session_cookie  # noqa: E402
from bench.sse import Stream, open_stream  # noqa: E402
from game.models import User  # noqa: E402
from game.services.lobby.accounts import api_token_create  # noqa: E402
from game.services.lobby.setup import game_start, roles_assign  # noqa: E402
from game.services.lobby.signups import signup_create  # noqa: E402
from game.services.nights.phases import phase_end_now  # noqa: E402
from tests.factories import make_game, moderator_of  # noqa: E402

READERS = 50
STREAMS_EACH = 4  # a phone, a laptop and two tabs
VOTES = 30
DELIVERY_SECONDS = 5.0
HEARTBEAT_SECONDS = 35.0
ALLOWED_DELAY_MS = 100
SLOW_VOTE_MS = 1000


def game_with_readers():
    """A night-and-day game of READERS players on day 1, where every vote is heard by every
    player (C5), signed up through the service (no password to hash: their sessions are made
    directly). Night 0 passes with no pick, so that all are alive."""
    game = make_game(name="Streamed game", ruleset="classic", night_ends_when_all_in=False)
    for i in range(READERS):
        signup_create(
            game_id=game.pk,
            user=User.objects.create_user(username=f"reader{game.pk}-{i}", password=None),
            now=game.created_at,
            introduction="Watching.",
        )
    moderator, now = moderator_of(game), timezone.now()
    roles_assign(game_id=game.pk, by=moderator, now=now)
    game_start(game_id=game.pk, by=moderator, now=now)
    for code in ("day", "night"):
        phase_end_now(game_id=game.pk, by=moderator, now=now, code=code, number=0)
    return game, list(game.players.select_related("user").order_by("id"))


class Voter:
    """One phone voting by bearer token through nginx, alternating between two targets so that
    every vote changes the tally. It votes from a process of its own: in this one, reading 200
    streams would hold the interpreter while the vote's answer waits."""

    def __init__(self, token: str, path: str, targets: list[int]) -> None:
        self.token, self.path, self.targets = token, path, targets
        self.browser = Browser()
        self.count = 0

    def vote(self) -> float:
        self.count += 1
        target = self.targets[self.count % 2]
        started = time.perf_counter()
        response = self.browser.post_json(
            self.path, {"target_id": target}, Authorization=f"Bearer {self.token}"
        )
        elapsed = (time.perf_counter() - started) * 1000
        if response.status != 201:
            raise SystemExit(f"FAILED: a vote was answered {response.status}")
        return elapsed


_phone: Voter | None = None


def _pick_up_phone(token: str, path: str, targets: list[int]) -> None:
    global _phone
    _phone = Voter(token, path, targets)


def vote_on_phone() -> float:
    return _phone.vote()


def phone_for(game, players) -> ProcessPoolExecutor:
    """The voter's process (forked after this one has closed its database connection)."""
    _, token = api_token_create(user=players[0].user, name="streams")
    path, targets = f"/api/v1/games/{game.pk}/votes", [players[1].pk, players[2].pk]
    connection.close()
    context = multiprocessing.get_context("fork")
    return ProcessPoolExecutor(
        1, mp_context=context, initializer=_pick_up_phone, initargs=(token, path, targets)
    )


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


async def open_all(path: str, cookies: list[str]) -> list[Stream]:
    host = f"127.0.0.1:{HTTPS_PORT}"
    return await asyncio.gather(
        *(
            open_stream(HTTPS_PORT, path, cookie, tls=tls_context(), host=host)
            for cookie in cookies
            for _ in range(STREAMS_EACH)
        )
    )


async def deliveries(streams: list[Stream], before: list[int], sent: float) -> list[float]:
    """Waits (at most DELIVERY_SECONDS) for a new event on every stream; the delay of each
    stream that got one, from the vote's sending."""
    deadline = time.perf_counter() + DELIVERY_SECONDS
    waiting = list(zip(streams, before, strict=True))
    while any(len(s.events) <= n for s, n in waiting) and time.perf_counter() < deadline:
        await asyncio.sleep(0.005)
    return [(s.events[n].received - sent) * 1000 for s, n in waiting if len(s.events) > n]


async def votes_while_streaming(phone, streams: list[Stream]) -> tuple[list, list, int]:
    """The votes' times, every delivery's delay, and how many deliveries never came."""
    votes, delays, missed = [], [], 0
    loop = asyncio.get_running_loop()
    for _ in range(VOTES):
        before = [len(s.events) for s in streams]
        sent = time.perf_counter()
        votes.append(await loop.run_in_executor(phone, vote_on_phone))
        delivered = await deliveries(streams, before, sent)
        delays += delivered
        missed += len(streams) - len(delivered)
        await asyncio.sleep(0.05)
    return votes, delays, missed


async def heartbeats_arrive(streams: list[Stream], opened: float) -> float:
    while any(s.heartbeats == 0 for s in streams):
        if time.perf_counter() - opened > HEARTBEAT_SECONDS:
            break
        await asyncio.sleep(0.25)
    return time.perf_counter() - opened


def main() -> None:
    """The database work here, before the event loop (the ORM is not for async code)."""
    game, players = game_with_readers()
    cookies = [session_cookie(player.user) for player in players]
    outsider = session_cookie(User.objects.create_user(username=f"outsider{game.pk}"))
    with phone_for(game, players) as phone:
        phone.submit(vote_on_phone).result()
        quiet = [phone.submit(vote_on_phone).result() for _ in range(VOTES)]
        path = f"/live/stream?topics=game-{game.pk}"
        asyncio.run(streaming(path, cookies, outsider, phone, quiet))


async def streaming(path: str, cookies: list[str], outsider: str, phone, quiet) -> None:
    for who, cookie in (("an outsider", outsider), ("an anonymous visitor", "")):
        refused = await open_stream(HTTPS_PORT, path, cookie, tls=tls_context())
        check(refused.status == 404, f"{who} gets 404 for the game's stream")

    started = time.perf_counter()
    streams = await open_all(path, cookies)
    opened = time.perf_counter()
    statuses = sorted({s.status for s in streams})
    check(statuses == [200] and not any(s.ended for s in streams), f"{len(streams)} streams open")
    print(f"  ({len(streams)} streams opened in {opened - started:.1f} s)")
    followers = [asyncio.create_task(s.follow()) for s in streams]
    try:
        busy, delays, missed = await votes_while_streaming(phone, streams)
        waited = await heartbeats_arrive(streams, opened)
        dropped = sum(s.ended for s in streams)
    finally:
        for task in followers:
            task.cancel()
        for stream in streams:
            stream.close()

    print(
        f"  votes p50 {statistics.median(quiet):6.1f} -> {statistics.median(busy):6.1f} ms"
        f"   p90 {p90(quiet):6.1f} -> {p90(busy):6.1f} ms   max {max(busy):6.1f} ms"
    )
    if delays:
        delays.sort()
        print(
            f"  vote sent -> its event on each stream: p50 {statistics.median(delays):.0f} ms"
            f"  p99 {delays[int(0.99 * (len(delays) - 1))]:.0f} ms  max {delays[-1]:.0f} ms"
        )
    check(p90(busy) - p90(quiet) <= ALLOWED_DELAY_MS, "votes delayed <= 100 ms at p90")
    check(max(busy) <= SLOW_VOTE_MS, f"no vote slower than {SLOW_VOTE_MS} ms")
    check(missed == 0, f"each of {VOTES} votes reached all {len(streams)} streams ({missed} lost)")
    check(all(s.heartbeats for s in streams), f"every stream got a heartbeat ({waited:.0f} s open)")
    check(dropped == 0, "no stream was dropped")


if __name__ == "__main__":
    main()
    print("streams test passed")
