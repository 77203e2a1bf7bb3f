"""The browser fixtures of tests/browser."""

from tests.browser.conftest import (  # noqa: F401 (fixtures)
    browser,
    browser_contexts,
    signed_in,
)
