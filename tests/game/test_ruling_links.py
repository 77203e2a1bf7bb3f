"""Every ruling a page cites links to its plain words (issue 29, item 10): on the game's rules
page when it explains that ruling, else on the public rulings page. No page a user reaches shows
a bare "R12" in its text; paper is the one exception (the printed item cards have no links)."""

from html.parser import HTMLParser

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils.html import escape

from game.selectors.rulings import CITATION, all_rulings
from tests.factories import make_game
from tests.site_pages import build_world, visits

pytestmark = pytest.mark.django_db

# A ruling's own heading on the pages that explain it, and what is not read as text.
UNREAD = {"a", "script", "style", "title", "template"}
PRINTED = "item-card"


class BareCitations(HTMLParser):
    """The rulings cited in a page's text outside any link."""

    def __init__(self) -> None:
        super().__init__()
        self.skipping: list[str] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        found = dict(attrs)
        heading = tag == "dt" and CITATION.fullmatch(found.get("id") or "")
        if (
            self.skipping
            or tag in UNREAD
            or heading
            or PRINTED in (found.get("class") or "").split()
        ):
            self.skipping.append(tag)

    def handle_endtag(self, tag) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data) -> None:
        if not self.skipping:
            self.found += [f"{code} in {data.strip()!r}" for code in CITATION.findall(data)]


def bare_citations(user, path: str) -> list[str]:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200, path
    parser = BareCitations()
    parser.feed(response.content.decode())
    return parser.found


def test_every_page_a_user_reaches_links_every_ruling_it_cites():
    w = build_world()
    pages = [*visits(w), (None, ["/rulings/"])]
    found = {path: bare_citations(user, path) for user, paths in pages for path in paths}
    assert len(found) > 50
    bare = {path: cited for path, cited in found.items() if cited}
    assert bare == {}


def test_the_parser_finds_a_bare_citation_and_skips_a_linked_or_printed_one():
    parser = BareCitations()
    parser.feed(
        '<p>Only your latest vote counts (R5).</p><p><a href="/rulings/#R6">R6</a></p>'
        '<li class="item-card"><p>Scan it (R45)</p></li>'
    )
    assert parser.found == ["R5 in 'Only your latest vote counts (R5).'"]


def test_the_rulings_page_explains_every_ruling_to_anyone():
    response = Client().get("/rulings/")
    assert response.status_code == 200
    page = response.content.decode()
    for code in all_rulings():
        assert f'<dt id="{code}">{code}</dt>' in page
    assert "Chiang Mai Mafia" in page and "The pig game" in page


def render(source: str, **context) -> str:
    return Template("{% load rule_labels %}" + source).render(Context(context))


def test_a_citation_links_to_its_games_rules_page_when_that_page_explains_it():
    live, classic = make_game(), make_game(ruleset="classic")
    assert f'href="/games/{live.pk}/rules/#R5"' in render('{% ruling "R5" %}', game=live)
    assert f'href="/games/{classic.pk}/rules/#C5"' in render('{% ruling "C5" %}', game=classic)
    assert 'href="/rulings/#C8"' in render('{% ruling "C8" %}', game=live)
    assert 'href="/rulings/#H3"' in render('{% ruling "H3" %}')
    assert 'title="' in render('{% ruling "H3" %}')


def test_a_forms_help_text_links_its_rulings_and_keeps_its_markup():
    from django.utils.safestring import mark_safe

    html = render("{{ text|cite_rulings }}", text=mark_safe("<em>Each day</em> ends (R1)."))
    title = escape(all_rulings()["R1"])
    assert (
        html
        == f'<em>Each day</em> ends (<a class="ruling" href="/rulings/#R1" title="{title}">R1</a>).'
    )
    assert "&lt;b&gt;" in render("{{ text|cite_rulings }}", text="<b> (R1)")
