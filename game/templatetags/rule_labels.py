"""Labels of a rule set's codes, for pages: players and moderators read names, never codes."""

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeData, mark_safe

from game.models import Game, LogEntry, Visibility
from game.rulesets.base import MAFIA
from game.selectors.rulings import CITATION, all_rulings, on_rules_page_of

register = template.Library()


@register.filter
def role_label(code: str, game: Game) -> str:
    return game.rules.role_name(code)


@register.filter
def team_label(code: str, game: Game) -> str:
    return game.rules.team_label(code)


@register.filter
def death_cause_label(code: str, game: Game) -> str:
    return {cause.code: cause.label for cause in game.rules.death_causes}.get(code, code)


@register.filter
def visibility_label(entry: LogEntry, game: Game) -> str:
    """Who reads a log entry, in the rule set's words: the mafia's side by its team's name."""
    if entry.visibility == Visibility.MAFIA:
        return f"{game.rules.team_label(MAFIA)} only"
    return entry.get_visibility_display()


@register.filter
def own_words(text: str, game: Game) -> str:
    """A shared text citing only the rulings the game's rule set cites (`Pages.own_words`)."""
    return game.rules.pages.own_words(text)


@register.filter
def cite_rulings(text: str, game: Game | None = None) -> str:
    """`text`, escaped, with each ruling it cites ("(R5)") linked to its plain words (their
    title too): on the game's rules page when that page explains it, else on the public rulings
    page (a page without a game, or a ruling of another family). Text already marked safe (a
    form's help text) stays as it is between the citations."""
    known = all_rulings()
    trusted = isinstance(text, SafeData)
    pieces: list[str] = []
    for i, piece in enumerate(CITATION.split(str(text))):
        # split() with a group alternates the text between citations and the codes cited.
        if i % 2 and piece in known:
            pieces.append(
                format_html(
                    '<a class="ruling" href="{}#{}" title="{}">{}</a>',
                    _page_of(piece, game),
                    piece,
                    known[piece],
                    piece,
                )
            )
        else:
            # A piece of a text that was safe as a whole is safe: citations cut no tag in two.
            pieces.append(mark_safe(piece) if trusted else piece)  # noqa: S308
    return format_html("{}" * len(pieces), *pieces)


def _page_of(code: str, game: Game | None) -> str:
    if isinstance(game, Game) and on_rules_page_of(game.ruleset, code):
        return reverse("game_rules", args=[game.pk])
    return reverse("rulings")


@register.simple_tag(takes_context=True)
def ruling(context, code: str) -> str:
    """A ruling a template cites, linked to its plain words (see `cite_rulings`)."""
    return cite_rulings(code, context.get("game"))
