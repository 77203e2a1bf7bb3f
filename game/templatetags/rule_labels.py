"""Labels of a rule set's codes, for pages: players and moderators read names, never codes."""

from django import template
from django.urls import reverse
from django.utils.html import format_html

from game.models import Game
from game.selectors.rulings import CITATION, all_rulings

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
def cite_rulings(text: str, game: Game) -> str:
    """`text`, escaped, with each ruling it cites ("(R5)") linked to the game's rules page at that
    ruling, its plain words as the link's title (docs/rulings.md)."""
    known = all_rulings()
    url = reverse("game_rules", args=[game.pk])
    pieces: list[str] = []
    for i, piece in enumerate(CITATION.split(str(text))):
        # split() with a group alternates the text between citations and the codes cited.
        if i % 2 and piece in known:
            pieces.append(
                format_html('<a href="{}#{}" title="{}">{}</a>', url, piece, known[piece], piece)
            )
        else:
            pieces.append(piece)
    return format_html("{}" * len(pieces), *pieces)


@register.simple_tag(takes_context=True)
def ruling(context, code: str) -> str:
    """A ruling a template cites, linked to the game's rules page at that ruling (see
    `cite_rulings`)."""
    return cite_rulings(code, context["game"])
