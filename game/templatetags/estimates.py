"""What the balance estimate's pages need: whether a game's rule set has computer players, and a
rate's move in percentage points."""

from django import template

from game.models import Game
from game.selectors.estimates import estimable as game_estimable

register = template.Library()


@register.filter
def estimable(game: Game) -> bool:
    return game_estimable(game)


@register.filter
def points(move: float | None) -> str:
    """A move of a win rate, signed, in percentage points ("+4.2", "−1.0", "±0.0")."""
    if move is None:
        return "—"
    value = round(100 * move, 1)
    if value == 0:
        return "±0.0"
    return f"+{value:.1f}" if value > 0 else f"−{-value:.1f}"


@register.filter
def percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"
