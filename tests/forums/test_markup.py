from html.parser import HTMLParser

import pytest

from forums.markup import ALLOWED_TAGS, mentioned_names, quote_markdown, render_markdown
from tests.forums.xss_payloads import XSS_PAYLOADS


class Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append((tag, attrs))


def elements(html: str) -> list[tuple[str, list[tuple[str, str | None]]]]:
    parser = Elements()
    parser.feed(html)
    return parser.tags


def test_the_corpus_holds_at_least_thirty_payloads():
    assert len(XSS_PAYLOADS) >= 30


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_rendered_markdown_keeps_only_harmless_elements(payload):
    for tag, attrs in elements(render_markdown(payload)):
        assert tag in ALLOWED_TAGS
        for name, value in attrs:
            assert not name.startswith("on")
            assert name in {"href", "title", "rel", "start"}
            if name == "href":
                assert value.split(":")[0].lower() in {"http", "https", "mailto"} or (
                    ":" not in value
                )


def test_markdown_formats_text_and_links():
    html = render_markdown("**bold** and [a link](https://example.com)")
    assert "<strong>bold</strong>" in html
    assert 'href="https://example.com"' in html
    assert 'rel="nofollow noopener noreferrer"' in html


def test_the_longest_player_name_wins_a_mention():
    assert mentioned_names("hi @Ann Lee and @bob!", ["Ann", "Ann Lee", "Bob"]) == {"Ann Lee", "Bob"}
    assert mentioned_names("mail bob@example.com", ["example"]) == set()


def test_a_quote_names_its_author_and_quotes_every_line():
    assert quote_markdown("Ann", "one\ntwo") == "> **Ann wrote:**\n>\n> one\n> two\n\n"


def test_a_mention_renders_as_the_highlighted_name():
    html = render_markdown("ask @Finley or @**Ann Lee**, not `@Finley`", {"Finley", "Ann Lee"})
    assert '<span class="mention">@Finley</span> or <span class="mention">@Ann Lee</span>' in html
    assert "**" not in html
    assert "<code>@Finley</code>" in html


def test_a_mentioned_name_is_escaped_in_its_highlight():
    html = render_markdown("hi @<b>Jo</b>", {"<b>Jo</b>"})
    assert '<span class="mention">@&lt;b&gt;Jo&lt;/b&gt;</span>' in html


def test_a_bold_mention_is_a_mention():
    assert mentioned_names("hi @**Ann**", ["Ann"]) == {"Ann"}
