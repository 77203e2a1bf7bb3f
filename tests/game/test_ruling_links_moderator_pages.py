"""Every ruling the moderators' dashboard, their queue and a player's overview cite links to the
game's rules page at that ruling (issue 29, item 10): no bare "R12" in the pages' text."""

from html.parser import HTMLParser

import pytest
from django.test import Client

from game.selectors.rulings import CITATION
from tests.site_pages import build_world

pytestmark = pytest.mark.django_db

UNREAD = {"a", "script", "style", "title", "template"}


class BareCitations(HTMLParser):
    """The rulings cited in a page's text outside any link."""

    def __init__(self) -> None:
        super().__init__()
        self.skipping: list[str] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        # A form field's help text (templates/forms/field.html) is written by the form, which
        # knows no game to link to: not yet covered here.
        if tag in UNREAD or dict(attrs).get("id", "").endswith("_helptext"):
            self.skipping.append(tag)

    def handle_endtag(self, tag) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data) -> None:
        if not self.skipping:
            self.found += [f"{code} in {data.strip()!r}" for code in CITATION.findall(data)]


def bare_citations(user, path: str) -> list[str]:
    client = Client()
    client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200, path
    parser = BareCitations()
    parser.feed(response.content.decode())
    return parser.found


def test_the_dashboard_the_queue_and_the_overview_link_every_ruling_they_cite():
    w = build_world()
    g = w.game.pk
    found = {
        path: bare_citations(user, path)
        for user, path in [
            (w.moderator, f"/games/{g}/mod/"),
            (w.moderator, f"/games/{g}/mod/queue/"),
            (w.moderator, f"/games/{w.classic_game.pk}/mod/"),
            (w.investigator, f"/games/{g}/"),
        ]
    }
    assert found == {path: [] for path in found}
