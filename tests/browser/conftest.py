"""Chromium for Playwright browser tests, against pytest-django's live_server."""

import os
from collections.abc import Iterator

import pytest

# Playwright's sync API runs an event loop; Django's async-safety check would refuse the ORM.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 375, "height": 740}


@pytest.fixture(scope="session")
def browser() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser, live_server):
    """A factory of 375 px wide pages, each in its own browser context (its own login)."""
    contexts = []

    def open_page(user=None):
        context = browser.new_context(viewport=PHONE, base_url=live_server.url)
        if user is not None:
            from django.test import Client

            client = Client()
            client.force_login(user)
            context.add_cookies(
                [
                    {
                        "name": "sessionid",
                        "value": client.cookies["sessionid"].value,
                        "url": live_server.url,
                    }
                ]
            )
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()
