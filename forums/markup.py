"""Markdown for posts and messages: markdown-it-py with raw HTML off, then nh3 with a short
allowlist, so that no script, handler or dangerous URL survives, whatever the input."""

import html
import re
from collections.abc import Iterable

import nh3
from markdown_it import MarkdownIt

_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
_markdown.enable("strikethrough")
# The app's own posts (vote counts, announcements) are written a line each: every line break
# is kept, where a player's Markdown joins lines into paragraphs.
_markdown_lines = MarkdownIt("commonmark", {"html": False, "breaks": True, "typographer": False})
_markdown_lines.enable("strikethrough")

ALLOWED_TAGS = {
    "p", "br", "strong", "em", "del", "s", "code", "pre", "blockquote", "ul", "ol", "li",
    "a", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}}
URL_SCHEMES = {"http", "https", "mailto"}


def render_markdown(text: str, mentions: Iterable[str] = (), *, line_breaks: bool = False) -> str:
    """`mentions` are the player names mentioned in `text` (see `mentioned_names`): each
    @Name, also one written in bold as @**Name**, shows as the highlighted name.
    `line_breaks`: every line break is kept (the app's own posts)."""
    names = sorted(mentions, key=len, reverse=True)
    if names:
        text = _unbold_mentions(text, names)
    cleaned = nh3.clean(
        (_markdown_lines if line_breaks else _markdown).render(text),
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="nofollow noopener noreferrer",
    )
    return _highlight_mentions(cleaned, names) if names else cleaned


def _mention_pattern(names: list[str], around: str = "") -> re.Pattern[str]:
    alternatives = "|".join(re.escape(around + name + around) for name in names)
    return re.compile(rf"(?<!\w)@({alternatives})(?!\w)", re.IGNORECASE)


def _unbold_mentions(text: str, names: list[str]) -> str:
    return _mention_pattern(names, around="**").sub(lambda m: "@" + m.group(1)[2:-2], text)


_TAG = re.compile(r"(<[^>]*>)")
_VERBATIM_TAGS = {"code", "pre", "a"}


def _highlight_mentions(rendered: str, names: list[str]) -> str:
    """Wraps mentions in the text between tags (never inside code or links) once the HTML is
    clean, so the span is the only markup added and the name is escaped as before."""
    pattern = _mention_pattern([html.escape(name, quote=False) for name in names])
    verbatim_depth = 0
    pieces = []
    for piece in _TAG.split(rendered):
        if piece.startswith("<"):
            tag = piece.strip("</>").split(" ")[0].lower()
            if tag in _VERBATIM_TAGS:
                verbatim_depth += -1 if piece.startswith("</") else 1
        elif verbatim_depth == 0:
            piece = pattern.sub(r'<span class="mention">@\1</span>', piece)
        pieces.append(piece)
    return "".join(pieces)


def quote_markdown(author: str, body: str) -> str:
    quoted = "\n".join(f"> {line}" if line else ">" for line in body.strip().splitlines())
    return f"> **{author} wrote:**\n>\n{quoted}\n\n"


_WORD = re.compile(r"\w")


def mentioned_names(text: str, names: list[str]) -> set[str]:
    """The names (from `names`) written as @Name in `text`; the longest name wins, so that
    "@Ann Lee" mentions Ann Lee and not Ann. Case does not matter, nor bold (@**Ann**); email
    addresses are not mentions."""
    lowered = text.lower()
    by_length = sorted(names, key=len, reverse=True)
    found: set[str] = set()
    start = lowered.find("@")
    while start != -1:
        if start > 0 and _WORD.match(lowered[start - 1]):
            start = lowered.find("@", start + 1)
            continue  # an email address, not a mention
        rest = lowered[start + 1 :].removeprefix("**")
        for name in by_length:
            candidate = name.lower()
            after = rest[len(candidate) : len(candidate) + 1]
            if rest.startswith(candidate) and not _WORD.match(after):
                found.add(name)
                break
        start = lowered.find("@", start + 1)
    return found
