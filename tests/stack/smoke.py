"""Smoke test of the production stack through nginx (run by tests/stack/run.sh): HTTPS and its
headers, static files as collectstatic wrote them, logging in, a vote by session and by token,
/healthz, private photos, the login limit against spoofed headers, and the upload limit."""

from __future__ import annotations

import io
import re
import socket
import ssl

from client import (
    HTTP_PORT,
    HTTPS_PORT,
    Browser,
    check,
    running_game_from_now,
    setup_django,
    tls_context,
)

setup_django()

from django.core.files.base import ContentFile  # noqa: E402
from PIL import Image  # noqa: E402

from game.models import Vote  # noqa: E402
from game.services.lobby.accounts import api_token_create  # noqa: E402
from game.services.lobby.signups import signup_create  # noqa: E402
from tests.factories import PASSWORD, UserFactory, make_game  # noqa: E402


def png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "blue").save(buffer, format="PNG")
    return buffer.getvalue()


def raw_http(port: int, request: bytes, *, tls: bool) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as plain:
        sock = tls_context().wrap_socket(plain, server_hostname="127.0.0.1") if tls else plain
        sock.sendall(request)
        return sock.recv(4096)


def logged_in(user) -> Browser:
    browser = Browser()
    browser.get("/accounts/login/")
    response = browser.post_form("/accounts/login/", {"login": user.username, "password": PASSWORD})
    check(response.status == 302, f"{user.username} logs in through nginx")
    return browser


def main() -> None:
    game, players = running_game_from_now(4)
    voter, target = players[1], players[2]
    signup_game = make_game(name="Photo game")
    photographed = signup_create(
        game_id=signup_game.pk,
        user=UserFactory(),
        introduction="Room 12.",
        now=signup_game.created_at,
        photo=ContentFile(png(), name="me.png"),
    )
    outsider = UserFactory()

    print("HTTPS and headers")
    plain = raw_http(HTTP_PORT, b"GET /games/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", tls=False)
    check(plain.startswith(b"HTTP/1.1 301"), "plain HTTP is redirected")
    check(b"Location: https://127.0.0.1/games/" in plain, "… to HTTPS")
    anonymous = Browser()
    home = anonymous.get("/")
    check(home.status == 200, "the home page answers through nginx")
    check("max-age=" in home.header("Strict-Transport-Security"), "HSTS: the app knows HTTPS")
    check("'nonce-" in home.header("Content-Security-Policy"), "the CSP has a nonce")
    check(home.header("Server") == "nginx", "nginx hides its version")

    print("Static files")
    css = re.search(rb'href="(/static/css/app\.[0-9a-f]{12}\.css)"', home.body)
    check(css is not None, "the page links the hashed stylesheet")
    styles = anonymous.get(css.group(1).decode(), **{"Accept-Encoding": "gzip"})
    check(styles.status == 200, "nginx serves it")
    check(styles.header("Content-Encoding") == "gzip", "… compressed ahead of time")
    check("immutable" in styles.header("Cache-Control"), "… cached for a year")
    unhashed = anonymous.get("/static/css/app.css")
    check("immutable" not in unhashed.header("Cache-Control"), "an unhashed name is not")

    print("Logging in and voting")
    browser = logged_in(voter.user)
    page = browser.get(f"/games/{game.pk}/vote/")
    check(page.status == 200, "the vote page answers a signed-in player")
    cast = browser.post_json(f"/api/v1/games/{game.pk}/votes", {"target_id": target.pk})
    check(cast.status == 201, "a vote by session and CSRF token is recorded")
    _, raw_token = api_token_create(user=players[3].user, name="stack")
    by_token = Browser().post_json(
        f"/api/v1/games/{game.pk}/votes",
        {"target_id": target.pk},
        Authorization=f"Bearer {raw_token}",
    )
    check(by_token.status == 201, "a vote by bearer token is recorded")
    check(Vote.objects.filter(game=game, target=target).count() == 2, "both votes are stored")

    print("Health")
    health = anonymous.get("/healthz")
    check(health.status == 200 and b'"ok": true' in health.body, "/healthz is healthy")

    print("Private photos")
    url = photographed.photo.url
    player_view = logged_in(photographed.user).get(url)
    check(player_view.status == 200, "a player of the game gets the photo")
    check(player_view.body == png(), "… sent by nginx from the media volume")
    check(player_view.header("Content-Type") == "image/png", "… as an image")
    check(logged_in(outsider).get(url).status == 404, "an outsider gets 404")
    check(anonymous.get(url).status == 404, "so does an anonymous visitor")
    internal = "/protected-media/" + photographed.photo.name
    check(anonymous.get(internal).status == 404, "the internal location is not reachable")

    print("Client address")
    victim = players[0].user
    guesser = Browser()
    guesser.get("/accounts/login/")
    for attempt in range(5):
        guesser.post_form(
            "/accounts/login/",
            {"login": victim.username, "password": "wrong"},
            **{"X-Forwarded-For": f"198.51.100.{attempt}", "X-Real-IP": f"198.51.100.{attempt}"},
        )
    locked = guesser.post_form(
        "/accounts/login/",
        {"login": victim.email, "password": PASSWORD},
        **{"X-Forwarded-For": "198.51.100.99", "X-Real-IP": "198.51.100.99"},
    )
    check(b"Too many failed login attempts" in locked.body, "spoofed headers reset no limit")

    print("Limits")
    too_large = raw_http(
        HTTPS_PORT,
        b"POST /accounts/signup/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 20000000\r\n\r\n",
        tls=True,
    )
    check(too_large.startswith(b"HTTP/1.1 413"), "an upload over 10 MB is refused by nginx")
    check(b"at most 10 MB" in too_large, "… with a message")


if __name__ == "__main__":
    try:
        main()
    except ssl.SSLError as error:
        raise SystemExit(f"TLS failed: {error}") from error
    print("smoke test passed")
