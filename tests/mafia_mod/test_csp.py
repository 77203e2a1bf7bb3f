"""Every page carries a Content-Security-Policy under which a script runs only from our own
files or with the request's nonce; every inline <script> carries the nonce and no page has an
inline event handler."""

import re

import pytest
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from django.http import HttpResponse
from django.test import Client, RequestFactory

from mafia_mod.csp import CSPMiddleware
from tests.factories import UserFactory
from tests.game.test_review_no_server_errors import _clients, _fill, _patterns, sweep_town

SCRIPT_TAG = re.compile(rb"<script\b[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(rb"<[a-z][^>]*\son[a-z]+\s*=", re.IGNORECASE)


def script_sources(policy: str) -> list[str]:
    directives = dict(
        (part.strip().split(" ", 1) + [""])[:2] for part in policy.split(";") if part.strip()
    )
    script_src = directives["script-src"].split()
    assert "'unsafe-inline'" not in script_src
    assert "'unsafe-eval'" not in script_src
    return script_src


def script_nonce(policy: str) -> str:
    (nonce,) = [source for source in script_sources(policy) if source.startswith("'nonce-")]
    return nonce.removeprefix("'nonce-").removesuffix("'")


def assert_scripts_need_the_nonce(url: str, response) -> None:
    policy = response.get("Content-Security-Policy")
    assert policy, f"{url} has no Content-Security-Policy"
    assert "object-src 'none'" in policy and "frame-ancestors 'none'" in policy
    script_sources(policy)
    if not response.get("Content-Type", "").startswith("text/html"):
        return
    tags = [t for t in SCRIPT_TAG.findall(response.content) if b"application/json" not in t]
    for tag in tags:
        if b" src=" in tag and b'nonce="' not in tag:
            assert re.search(rb' src="/(?!/)', tag), f"{url}: a script from elsewhere: {tag!r}"
        else:
            nonce = script_nonce(policy).encode()
            assert b'nonce="' + nonce + b'"' in tag, f"{url}: {tag!r}"
    assert not INLINE_HANDLER.search(response.content), url


@pytest.mark.django_db
def test_every_page_has_a_policy_and_every_script_its_nonce():
    t, dead, ids = sweep_town()
    clients = _clients(t, dead, UserFactory())
    pages = 0
    for route in _patterns():
        url = _fill(route, ids)
        for client in (clients["moderator"], clients["living player"], clients["anonymous"]):
            response = client.get(url)
            assert_scripts_need_the_nonce(url, response)
            pages += response.status_code == 200
    for url in ("/accounts/login/", "/accounts/signup/", "/api/v1/docs", "/no-such-page/"):
        assert_scripts_need_the_nonce(url, Client().get(url))
    assert pages > 30, "the sweep must reach the pages, not only their refusals"


def test_two_requests_get_two_nonces(db):
    first, second = Client().get("/accounts/login/"), Client().get("/accounts/login/")
    assert script_nonce(first["Content-Security-Policy"]) != script_nonce(
        second["Content-Security-Policy"]
    )


@pytest.mark.parametrize("uses_nonce", [False, True])
def test_the_policy_built_once_is_the_one_django_csp_builds(uses_nonce):
    def view(request):
        return HttpResponse(str(request.csp_nonce) if uses_nonce else "")

    headers = []
    for middleware in (DjangoCSPMiddleware, CSPMiddleware):
        request = RequestFactory().get("/")
        response = middleware(view)(request)
        nonce = response.content.decode()
        policy = response["Content-Security-Policy"]
        headers.append(
            sorted(policy.replace(nonce, "N").split("; ")) if nonce else sorted(policy.split("; "))
        )
        assert ("'nonce-" in policy) is uses_nonce
    assert headers[0] == headers[1]
