"""The review's words where a page has no form of its own to carry them (the dashboard)."""

from django import template

from game.models import Game

register = template.Library()


@register.simple_tag
def review_public_help() -> str:
    """The setting's help text, as the model states it."""
    return Game._meta.get_field("review_public").help_text
