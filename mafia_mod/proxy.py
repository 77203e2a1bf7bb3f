"""The client's address and scheme, believed from the reverse proxy only.

nginx (deploy/nginx/) overwrites `X-Real-IP` with the address it accepted the connection from
and `X-Forwarded-Proto` with the scheme it was reached by. Those headers mean something only
when the request comes from the proxy itself: from anyone else they are what the client chose
to send (a fresh address for every failed login, or "https" to skip the HTTPS redirect). So the
addresses in TRUSTED_PROXIES are the only ones whose headers are read, and everything after
this middleware (rate limits, logs, `request.is_secure()`) sees the real client."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@cache
def _trusted_networks(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(proxy, strict=False) for proxy in proxies)


def _parsed_address(value: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(value.strip())
    except ValueError:
        return None


def is_trusted_proxy(address: str) -> bool:
    parsed = _parsed_address(address)
    networks = _trusted_networks(tuple(settings.TRUSTED_PROXIES))
    return parsed is not None and any(parsed in network for network in networks)


class TrustedProxyMiddleware:
    """First in MIDDLEWARE: rewrites REMOTE_ADDR and the scheme from the proxy's headers when,
    and only when, the connection comes from a trusted proxy."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        if is_trusted_proxy(meta.get("REMOTE_ADDR", "")):
            real = _parsed_address(meta.get("HTTP_X_REAL_IP", ""))
            if real is not None:
                meta["REMOTE_ADDR"] = str(real)
            if meta.get("HTTP_X_FORWARDED_PROTO", "").strip().lower() == "https":
                meta["wsgi.url_scheme"] = "https"
                # Under ASGI (the live streams' server) the scheme is read from the scope.
                if hasattr(request, "scope"):
                    request.scope["scheme"] = "https"
        return self.get_response(request)
