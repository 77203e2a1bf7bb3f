"""JSON over HTTP to the app's API (/api/v1/), with a personal token, on the standard library
alone: a bot's machine needs nothing but Python."""

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from bots.game_view import Refused

API_PREFIX = "/api/v1"


class ServerError(Exception):
    """The server failed (5xx) or could not be reached: not the bot's fault, so not "no one"."""


class JsonClient:
    def __init__(self, base_url: str, token: str, timeout: float = 30.0) -> None:
        if urllib.parse.urlsplit(base_url).scheme not in ("http", "https"):
            raise ValueError(f"Not an http(s) address: {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def get(self, path: str, **query: Any) -> Any:
        if query:
            path = f"{path}?{urllib.parse.urlencode(query)}"
        return self.request("GET", path)

    def post(self, path: str, payload: Any = None) -> Any:
        return self.request("POST", path, {} if payload is None else payload)

    def request(self, method: str, path: str, payload: Any = None) -> Any:
        """The decoded answer; Refused with the server's reason on a 4xx."""
        data = None if payload is None else json.dumps(payload).encode()
        request = urllib.request.Request(  # noqa: S310 (the scheme is checked in __init__)
            f"{self.base_url}{API_PREFIX}{path}",
            data=data,
            method=method,
            headers={
                "Authorization": f"Bearer {self.token}",
                "Accept": "application/json",
                "Content-Type": "application/json",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                body = response.read()
        except urllib.error.HTTPError as error:
            detail = _detail(error.read(), error.reason)
            if 400 <= error.code < 500:
                raise Refused(detail, error.code) from None
            raise ServerError(f"{method} {path}: {error.code} {detail}") from None
        except (urllib.error.URLError, OSError) as error:
            raise ServerError(f"{method} {path}: {error}") from None
        return json.loads(body) if body else None


def _detail(body: bytes, reason: str) -> str:
    try:
        decoded = json.loads(body)
    except ValueError:
        return str(reason)
    detail = decoded.get("detail", reason) if isinstance(decoded, dict) else reason
    if isinstance(detail, list):  # a schema validation error: each with its message
        return "; ".join(str(item.get("msg", item)) for item in detail)
    return str(detail)
