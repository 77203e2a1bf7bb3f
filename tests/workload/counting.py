"""A Playwright page that counts what the moderator does: clicks (a dialog's OK is a click too),
keystrokes and page loads (every document the browser loads, redirects after a form included)."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Page


@dataclass
class Counted:
    page: Page
    clicks: int = 0
    keystrokes: int = 0
    page_loads: int = 0

    def __post_init__(self) -> None:
        self.page.on("load", self._loaded)
        self.page.on("dialog", self._dialog)

    def _loaded(self, _page) -> None:
        self.page_loads += 1

    def _dialog(self, dialog) -> None:
        self.clicks += 1
        dialog.accept()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def click(self, selector: str) -> None:
        self.clicks += 1
        self.page.locator(selector).click()

    def choose(self, selector: str, value: str) -> None:
        """A select: one click to open it, one to pick."""
        self.clicks += 2
        self.page.select_option(selector, value)

    def type(self, selector: str, text: str) -> None:
        self.clicks += 1
        self.keystrokes += len(text)
        self.page.locator(selector).fill(text)

    def figures(self) -> str:
        return (
            f"clicks: {self.clicks}, keystrokes: {self.keystrokes}, page loads: {self.page_loads}"
        )
