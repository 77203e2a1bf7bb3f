"""Labels of a rule set's codes, for pages: players and moderators read names, never codes."""

from django import template

from game.models import Game

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
