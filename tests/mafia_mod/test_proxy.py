"""The client's address and scheme come from the proxy's headers only when the proxy sent them
(TRUSTED_PROXIES), never from whoever reaches the app server."""

import pytest
from django.http import HttpResponse
from django.test import AsyncRequestFactory, RequestFactory, override_settings

from mafia_mod.proxy import TrustedProxyMiddleware

PROXY = "172.31.250.2"


def seen(**meta) -> tuple[str, bool]:
    request = RequestFactory().get("/", **meta)
    seen_by_app = {}

    def app(request):
        seen_by_app["address"] = request.META["REMOTE_ADDR"]
        seen_by_app["secure"] = request.is_secure()
        return HttpResponse()

    TrustedProxyMiddleware(app)(request)
    return seen_by_app["address"], seen_by_app["secure"]


@override_settings(TRUSTED_PROXIES=["172.31.250.0/24"])
def test_the_proxys_headers_give_the_client_address_and_scheme():
    assert seen(
        REMOTE_ADDR=PROXY, HTTP_X_REAL_IP="203.0.113.5", HTTP_X_FORWARDED_PROTO="https"
    ) == ("203.0.113.5", True)


@override_settings(TRUSTED_PROXIES=["172.31.250.0/24"])
@pytest.mark.parametrize(
    "headers",
    [
        {"HTTP_X_REAL_IP": "203.0.113.5", "HTTP_X_FORWARDED_PROTO": "https"},
        {"HTTP_X_FORWARDED_FOR": "203.0.113.5", "HTTP_X_FORWARDED_PROTO": "https"},
    ],
)
def test_the_same_headers_from_anyone_else_are_ignored(headers):
    assert seen(REMOTE_ADDR="198.51.100.7", **headers) == ("198.51.100.7", False)


@override_settings(TRUSTED_PROXIES=[PROXY])
@pytest.mark.parametrize("garbage", ["", "not an address", "1.2.3.4, 5.6.7.8", "999.1.1.1"])
def test_a_proxy_header_that_is_no_address_leaves_the_proxys_own(garbage):
    assert seen(REMOTE_ADDR=PROXY, HTTP_X_REAL_IP=garbage) == (PROXY, False)


@override_settings(TRUSTED_PROXIES=[])
def test_without_a_proxy_nobody_is_trusted():
    assert seen(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.5") == ("127.0.0.1", False)


@override_settings(TRUSTED_PROXIES=["172.31.250.0/24"])
def test_under_asgi_the_proxys_scheme_is_believed_too():
    """The live streams' server (ASGI) reads the scheme from the scope, not from META: without
    this, SECURE_SSL_REDIRECT would send every stream request through nginx back to HTTPS."""
    headers = [(b"x-real-ip", b"203.0.113.5"), (b"x-forwarded-proto", b"https")]
    request = AsyncRequestFactory().request(path="/", headers=headers, client=(PROXY, 40000))
    assert not request.is_secure()
    seen_by_app = {}

    def app(request):
        seen_by_app.update(address=request.META["REMOTE_ADDR"], secure=request.is_secure())
        return HttpResponse()

    TrustedProxyMiddleware(app)(request)
    assert seen_by_app == {"address": "203.0.113.5", "secure": True}
