"""Playwright with Debian's Chromium against pytest-django's live server."""

import os
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

# Playwright's sync API runs an event loop; Django's async-safety check would refuse the ORM.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
# How long a browser test awaits what it waits for (a page, an element, a text) before it
# fails. Only a failure waits this long: on a machine busy with other work a page may take
# several seconds, which is no failure.
WAIT_MS = 30_000
expect.set_options(timeout=WAIT_MS)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def browser_contexts(browser) -> Iterator:
    """`open_context(viewport, base_url, user)`: a fresh context (its own cookies), signed in as
    `user` when one is given; every context is closed after the test."""
    contexts = []

    def open_context(viewport=PHONE, base_url=None, user=None):
        context = browser.new_context(viewport=viewport, base_url=base_url)
        context.set_default_timeout(WAIT_MS)
        if user is not None:
            client = Client()
            client.force_login(user)
            cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
            context.add_cookies(
                [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}]
            )
        contexts.append(context)
        return context

    yield open_context
    for context in contexts:
        context.close()


@pytest.fixture
def new_page(browser_contexts):
    """`new_page(viewport)`: a page in a fresh, signed-out context."""
    return lambda viewport=PHONE: browser_contexts(viewport).new_page()


@pytest.fixture
def phone(browser_contexts, live_server):
    """`phone(user)`: a 375 px page, signed in as `user` (or signed out)."""
    return lambda user=None: browser_contexts(PHONE, live_server.url, user).new_page()


@pytest.fixture
def signed_in(browser_contexts, live_server):
    """`signed_in(user, viewport=...)`: a browser context signed in as `user`."""
    return lambda user, *, viewport=PHONE: browser_contexts(viewport, live_server.url, user)


def log_in(page, base_url: str, login: str, password: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=login]", login)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]:not(.secondary)")
    page.wait_for_url(f"{base_url}/")


def settled(page) -> None:
    """The page has loaded and htmx waits for no answer: htmx marks an element whose request is
    in flight with `.htmx-request`, so what the page fetches as it loads is in and swapped."""
    page.wait_for_load_state("load")
    expect(page.locator(".htmx-request")).to_have_count(0)
