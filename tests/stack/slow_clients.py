"""Slow clients must not hurt (run by tests/stack/run.sh): 50 connections that send a byte
every 2 seconds, half of them trickling their headers and half a request body, must not
delay /healthz or a vote by more than 100 ms. nginx holds them; gunicorn never sees them.

`--target app` aims the same test at gunicorn directly, without nginx, to see what nginx
spares it (that run is expected to fail)."""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import threading
import time

from client import APP_PORT, HTTPS_PORT, check, running_game_from_now, setup_django, tls_context

setup_django()

from game.services.lobby.accounts import api_token_create  # noqa: E402

SLOW_CLIENTS = 50
BYTE_EVERY_SECONDS = 2.0
SAMPLES = 25
ALLOWED_DELAY_MS = 100


class Target:
    def __init__(self, name: str) -> None:
        self.tls = name == "proxy"
        self.port = HTTPS_PORT if self.tls else APP_PORT

    def connect(self, timeout: float) -> socket.socket:
        plain = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        if self.tls:
            return tls_context().wrap_socket(plain, server_hostname="127.0.0.1")
        return plain

    def connection(self) -> http.client.HTTPConnection:
        if self.tls:
            return http.client.HTTPSConnection(
                "127.0.0.1", self.port, context=tls_context(), timeout=60
            )
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)


def slow_client(target: Target, stop: threading.Event, trickle_body: bool, held: list) -> None:
    """Keeps one connection busy, reopening it whenever the server closes it."""
    if trickle_body:
        head = (
            "POST /api/v1/games/1/votes HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
        )
        opening, trickle = head.encode(), b"x"
    else:
        opening, trickle = b"G", b"E"
    while not stop.is_set():
        try:
            sock = target.connect(timeout=5)
            sock.sendall(opening)
            held.append(1)
            try:
                while not stop.wait(BYTE_EVERY_SECONDS):
                    sock.sendall(trickle)
            finally:
                held.pop()
                sock.close()
        except OSError:
            stop.wait(0.2)


def timed(connection: http.client.HTTPConnection, method: str, path: str, **kw) -> float:
    started = time.perf_counter()
    try:
        connection.request(method, path, **kw)
        response = connection.getresponse()
        response.read()
    except TimeoutError as error:
        raise SystemExit(f"FAILED: {method} {path} got no answer in 60 s") from error
    elapsed = (time.perf_counter() - started) * 1000
    if response.status not in (200, 201):
        raise SystemExit(f"FAILED: {method} {path} answered {response.status}")
    return elapsed


def measure(target: Target, game_id: int, token: str, target_id: int) -> dict[str, list[float]]:
    connection = target.connection()
    vote = json.dumps({"target_id": target_id})
    headers = {
        "Host": f"127.0.0.1:{target.port}",
        "Authorization": f"Bearer {token}",
        "Content-Type": "application/json",
    }
    samples: dict[str, list[float]] = {"healthz": [], "vote": []}
    for _ in range(SAMPLES):
        samples["healthz"].append(
            timed(connection, "GET", "/healthz", headers={"Host": headers["Host"]})
        )
        samples["vote"].append(
            timed(connection, "POST", f"/api/v1/games/{game_id}/votes", body=vote, headers=headers)
        )
        time.sleep(0.05)
    connection.close()
    return samples


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", choices=["proxy", "app"], default="proxy")
    target = Target(parser.parse_args().target)
    game, players = running_game_from_now(3)
    _, token = api_token_create(user=players[0].user, name="slow clients")
    measure(target, game.pk, token, players[1].pk)
    quiet = measure(target, game.pk, token, players[1].pk)

    stop, held = threading.Event(), []
    threads = [
        threading.Thread(target=slow_client, args=(target, stop, i % 2 == 1, held), daemon=True)
        for i in range(SLOW_CLIENTS)
    ]
    for thread in threads:
        thread.start()
    time.sleep(2 * BYTE_EVERY_SECONDS)
    holding = len(held)
    try:
        busy = measure(target, game.pk, token, players[1].pk)
    finally:
        stop.set()
    print(f"{holding} slow connections open during the measurement, each sending a byte / 2 s")
    for what in ("healthz", "vote"):
        before, during = quiet[what], busy[what]
        delay = p90(during) - p90(before)
        print(
            f"  {what:7}  p50 {statistics.median(before):6.1f} -> {statistics.median(during):6.1f}"
            f" ms   p90 {p90(before):6.1f} -> {p90(during):6.1f} ms   max {max(during):6.1f} ms"
        )
        check(delay <= ALLOWED_DELAY_MS, f"{what} delayed {delay:.1f} ms at p90 (<= 100)")
    check(holding >= SLOW_CLIENTS * 0.9, f"{holding} slow clients were connected")


if __name__ == "__main__":
    main()
    print("slow-client test passed")
