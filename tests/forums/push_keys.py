"""Key pairs for the push tests: the server's VAPID pair and a browser's subscription keys, made
here so that a test can check what the server signs and decrypt what it encrypts."""

import base64
import os
from dataclasses import dataclass

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def public_point(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


@dataclass(frozen=True)
class VapidPair:
    private: str
    public: str


def vapid_pair() -> VapidPair:
    key = ec.generate_private_key(ec.SECP256R1())
    raw = key.private_numbers().private_value.to_bytes(32, "big")
    return VapidPair(b64url(raw), b64url(public_point(key)))


@dataclass(frozen=True)
class BrowserKeys:
    """What a browser keeps to decrypt its pushes, and what it gives the server."""

    private_key: ec.EllipticCurvePrivateKey
    auth_secret: bytes

    @property
    def p256dh(self) -> str:
        return b64url(public_point(self.private_key))

    @property
    def auth(self) -> str:
        return b64url(self.auth_secret)


def browser_keys() -> BrowserKeys:
    return BrowserKeys(ec.generate_private_key(ec.SECP256R1()), os.urandom(16))
