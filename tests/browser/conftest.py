"""Playwright with Debian's Chromium against pytest-django's live server."""

import os
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, sync_playwright

# The sync API runs an event loop in this thread; Django's ORM calls from tests are still safe.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def signed_in(browser, live_server):
    """A browser context signed in as `user`, at a phone's or a desktop's width."""
    contexts: list[BrowserContext] = []

    def open_for(user, *, viewport=PHONE) -> BrowserContext:
        client = Client()
        client.force_login(user)
        context = browser.new_context(viewport=viewport, base_url=live_server.url)
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "url": live_server.url,
                }
            ]
        )
        contexts.append(context)
        return context

    yield open_for
    for context in contexts:
        context.close()
