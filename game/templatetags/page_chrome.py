"""What every game page shows around its content: the day's end in the header (R1, R2)."""

from django import template

from game.models import Day, Game, GamePhase

register = template.Library()


@register.simple_tag
def running_day(game: Game) -> Day | GamePhase | None:
    """The day whose end the header counts down to: the current day of a running game, or None;
    in a night-and-day game the open phase (day 0 and the nights included, C1)."""
    if not game.is_running:
        return None
    if game.rules.night_and_day:
        return game.phases.filter(ended_at__isnull=True).order_by("-started_at").first()
    if not game.current_day:
        return None
    return game.days.filter(number=game.current_day, ended_at__isnull=True).first()
