"""What every game page shows around its content: the day's end in the header (R1, R2)."""

from django import template

from game.models import Day, Game

register = template.Library()


@register.simple_tag
def running_day(game: Game) -> Day | None:
    """The day whose end the header counts down to: the current day of a running game, or None."""
    if not game.is_running or not game.current_day:
        return None
    return game.days.filter(number=game.current_day, ended_at__isnull=True).first()
