"""Markdown for posts and messages: markdown-it-py with raw HTML off, then nh3 with a short
allowlist, so that no script, handler or dangerous URL survives, whatever the input."""

import re

import nh3
from markdown_it import MarkdownIt

_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
_markdown.enable("strikethrough")

ALLOWED_TAGS = {
    "p", "br", "strong", "em", "del", "s", "code", "pre", "blockquote", "ul", "ol", "li",
    "a", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}}
URL_SCHEMES = {"http", "https", "mailto"}


def render_markdown(text: str) -> str:
    html = _markdown.render(text)
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="nofollow noopener noreferrer",
    )


def quote_markdown(author: str, body: str) -> str:
    quoted = "\n".join(f"> {line}" if line else ">" for line in body.strip().splitlines())
    return f"> **{author} wrote:**\n>\n{quoted}\n\n"


_WORD = re.compile(r"\w")


def mentioned_names(text: str, names: list[str]) -> set[str]:
    """The names (from `names`) written as @Name in `text`; the longest name wins, so that
    "@Ann Lee" mentions Ann Lee and not Ann. Case does not matter; email addresses are not
    mentions."""
    lowered = text.lower()
    by_length = sorted(names, key=len, reverse=True)
    found: set[str] = set()
    start = lowered.find("@")
    while start != -1:
        if start > 0 and _WORD.match(lowered[start - 1]):
            start = lowered.find("@", start + 1)
            continue  # an email address, not a mention
        rest = lowered[start + 1 :]
        for name in by_length:
            candidate = name.lower()
            after = rest[len(candidate) : len(candidate) + 1]
            if rest.startswith(candidate) and not _WORD.match(after):
                found.add(name)
                break
        start = lowered.find("@", start + 1)
    return found
