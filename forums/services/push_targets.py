"""Where the server may send a push: only to the push services it knows (a list in settings,
WEBPUSH_PUSH_SERVICE_HOSTS), over https on the default port, and only when their name resolves
to public addresses. A subscription is given by a browser, that is by anyone: without these
checks it would make the worker open connections to the server's own network (SSRF)."""

from __future__ import annotations

import base64
import binascii
import ipaddress
import socket
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings

from game.errors import GameRuleError

UNKNOWN_SERVICE = "A push endpoint is an https address of a known push service."


def host_is_push_service(host: str) -> bool:
    """The host is listed, or is under a listed domain written with a leading dot."""
    host = host.lower().rstrip(".")
    for allowed in settings.WEBPUSH_PUSH_SERVICE_HOSTS:
        allowed = allowed.lower()
        if host == allowed.lstrip(".") or (allowed.startswith(".") and host.endswith(allowed)):
            return True
    return False


def endpoint_refusal(endpoint: str) -> str | None:
    """Why the endpoint is not one the server sends to, or None."""
    if len(endpoint) > 1000:
        return UNKNOWN_SERVICE
    try:
        parts = urlsplit(endpoint)
        port = parts.port
    except ValueError:
        return UNKNOWN_SERVICE
    if (
        parts.scheme != "https"
        or not parts.hostname
        or parts.username is not None
        or port not in (None, 443)
        or not host_is_push_service(parts.hostname)
    ):
        return UNKNOWN_SERVICE
    return None


def address_is_public(address: str) -> bool:
    """Refuses loopback, private, link-local, shared, multicast, reserved and unspecified
    addresses, IPv4 ones written as IPv6 included."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def resolved_addresses(host: str) -> list[str]:
    try:
        return sorted(
            {info[4][0] for info in socket.getaddrinfo(host, 443, type=socket.SOCK_STREAM)}
        )
    except OSError:
        return []


def endpoint_sendable(endpoint: str) -> bool:
    """Checked again before each send: the list may have changed since the subscription, and a
    name may since resolve elsewhere."""
    if endpoint_refusal(endpoint) is not None:
        return False
    addresses = resolved_addresses(urlsplit(endpoint).hostname or "")
    return bool(addresses) and all(address_is_public(a) for a in addresses)


def _raw(value: str, length: int, what: str) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise GameRuleError(f"The subscription's {what} is not base64url.") from None
    if len(raw) != length:
        raise GameRuleError(f"The subscription's {what} has the wrong length.")
    return raw


def check_subscription_keys(p256dh: str, auth: str) -> None:
    """The browser's key must be a point on P-256 (RFC 8291), or every message built for it
    fails; the auth secret is 16 bytes."""
    point = _raw(p256dh, 65, "p256dh key")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise GameRuleError("The subscription's p256dh key is not a P-256 public key.") from None
    _raw(auth, 16, "auth secret")
