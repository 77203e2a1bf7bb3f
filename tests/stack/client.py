"""A small HTTPS client for the stack tests: one keep-alive connection to nginx, a cookie jar,
and the stack's addresses from the environment that tests/stack/run.sh sets."""

from __future__ import annotations

import http.client
import os
import ssl
import sys
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
HTTP_PORT = int(os.environ.get("STACK_HTTP_PORT", "18080"))
HTTPS_PORT = int(os.environ.get("STACK_HTTPS_PORT", "18443"))
APP_PORT = int(os.environ.get("STACK_APP_PORT", "18000"))
ORIGIN = f"https://127.0.0.1:{HTTPS_PORT}"


def setup_django() -> None:
    """Django on the stack's database; test users continue after those already there."""
    sys.path.insert(0, str(BASE_DIR))
    import django

    django.setup()
    from game.models import User
    from tests.factories import UserFactory

    UserFactory.reset_sequence(User.objects.count() + 1)


def running_game_from_now(size: int):
    """A game started now (its first day end ahead), so that /healthz has nothing overdue."""
    from django.utils import timezone

    from tests.factories import make_game, sign_up, start_game

    game = make_game()
    players = sign_up(game, size)
    start_game(game, now=timezone.now())
    return game, players


def tls_context() -> ssl.SSLContext:
    return ssl.create_default_context(cafile=os.environ["STACK_TLS_CERT"])


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes

    def header(self, name: str) -> str:
        return self.headers.get(name.lower(), "")


@dataclass
class Browser:
    """Cookies and a keep-alive HTTPS connection, like one phone."""

    cookies: dict[str, str] = field(default_factory=dict)
    connection: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict | None = None
    ) -> Response:
        headers = {"Host": f"127.0.0.1:{HTTPS_PORT}", **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method != "GET":
            headers.setdefault("Referer", ORIGIN + "/")
            headers.setdefault("X-CSRFToken", self.cookies.get("csrftoken", ""))
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPSConnection(
                    "127.0.0.1", HTTPS_PORT, context=tls_context(), timeout=30
                )
            try:
                self.connection.request(method, path, body=body, headers=headers)
                raw = self.connection.getresponse()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        response = Response(raw.status, {k.lower(): v for k, v in raw.getheaders()}, raw.read())
        for line in raw.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(line).items():
                self.cookies[name] = morsel.value
        return response

    def get(self, path: str, **headers) -> Response:
        return self.request("GET", path, headers=headers)

    def post_form(self, path: str, fields: dict[str, str], **headers) -> Response:
        from urllib.parse import urlencode

        body = urlencode(fields).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return self.request("POST", path, body, headers)

    def post_json(self, path: str, payload: dict, **headers) -> Response:
        import json

        headers["Content-Type"] = "application/json"
        return self.request("POST", path, json.dumps(payload).encode(), headers)


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"  ok  {what}")
