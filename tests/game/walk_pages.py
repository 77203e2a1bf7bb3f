"""A walk through a game's pages as one user reaches them: from the pages a user opens first,
every link of the game's pages is followed, and each page's links, forms' actions and ruling
citations are read. What the walk finds that belongs to another rule set (a page the game's
rule set does not serve, a ruling its pages may not cite) or a page that does not answer is
reported, one line each."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlsplit

from django.test import Client
from django.urls import Resolver404, resolve

from game.models import Game
from game.selectors.rulings import CITATION

# Files to download and links that change something are not followed; their pages are still
# checked against the rule set.
NOT_FOLLOWED = {"mod_export_csv", "mod_export_json", "item_claim"}
# The forum's threads and posts belong to the game whose boards hold them.
THREAD_PAGES = {"forums:thread_detail"}
MOST_PAGES = 80


class PageParts(HTMLParser):
    """The links, the forms' actions and the text of a page (link texts included: a ruling's
    link text is its code)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.actions: list[str] = []
        self.text: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs) -> None:
        found = dict(attrs)
        if tag in ("script", "style", "title"):
            self.skipping += 1
        if tag == "a" and found.get("href"):
            self.links.append(found["href"])
        if tag == "form" and found.get("action"):
            self.actions.append(found["action"])

    def handle_endtag(self, tag) -> None:
        if tag in ("script", "style", "title") and self.skipping:
            self.skipping -= 1

    def handle_data(self, data) -> None:
        if not self.skipping:
            self.text.append(data)


@dataclass
class Walk:
    """What a walk saw: each page opened, and what it found wrong."""

    pages: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    cited: set[str] = field(default_factory=set)
    texts: dict[str, str] = field(default_factory=dict)


def page_of(href: str) -> tuple[str, str, dict] | None:
    """The path, the URL name and the arguments of a link of the site; None for others."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return None
    try:
        match = resolve(parts.path)
    except Resolver404:
        return None
    return parts.path, match.view_name, match.kwargs


def walk(user, game: Game, start: list[str]) -> Walk:
    """Every page `user` reaches from `start` by the links of `game`'s pages."""
    client = Client()
    client.force_login(user)
    served = game.rules.pages.served
    found = Walk()
    todo, seen = list(start), set()
    while todo and len(found.pages) < MOST_PAGES:
        path = todo.pop(0)
        if path in seen:
            continue
        seen.add(path)
        response = client.get(path, follow=True)
        found.pages.append(path)
        if response.status_code != 200:
            found.problems.append(f"{path} answers {response.status_code}")
            continue
        parts = PageParts()
        parts.feed(response.content.decode())
        found.texts[path] = " ".join(" ".join(parts.text).split())
        for code in CITATION.findall(" ".join(parts.text)):
            found.cited.add(code)
            if not game.rules.pages.may_cite(code):
                found.problems.append(f"{path} cites {code}")
        for href in parts.links + parts.actions:
            target = page_of(href)
            if target is None:
                continue
            to, name, kwargs = target
            if kwargs.get("game_id") not in (None, game.pk):
                found.problems.append(f"{path} links another game: {href}")
                continue
            if "game_id" in kwargs:
                found.names.add(name)
                if name not in served:
                    found.problems.append(f"{path} links {name}, not a page of {game.rules.name}")
                    continue
            follows = "game_id" in kwargs or name in THREAD_PAGES
            if href in parts.links and follows and name not in NOT_FOLLOWED:
                todo.append(to)
    return found
