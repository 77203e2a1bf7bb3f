"""The pig game's words on a page: each card by its name, its letter of the original's format in
a tooltip (`game.rulesets.pigs.words`)."""

from django import template
from django.utils.html import format_html, format_html_join

from game.rulesets.pigs.cards import CARD_NAMES

register = template.Library()


@register.filter
def pig_words(parts: list) -> str:
    """An event's parts as HTML: text as it is, a card `[letter]` as its name."""
    return format_html_join(
        "",
        "{}",
        ((part if isinstance(part, str) else pig_card(part[0]),) for part in parts),
    )


@register.filter
def pig_card(letter: str) -> str:
    return format_html(
        '<span class="pig-card" title="Letter {}">{}</span>',
        letter,
        CARD_NAMES[letter],
    )
