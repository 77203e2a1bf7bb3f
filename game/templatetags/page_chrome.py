"""What every game page shows around its content: the end of the day or phase its rule set's
clock counts down (`Ruleset.pages.clock`) in the header (R1, R2, C1)."""

from django import template

from game.models import Day, Game, GamePhase
from game.rulesets.pages import DAY_CLOCK, PHASE_CLOCK

register = template.Library()


def _open_day(game: Game) -> Day | None:
    if not game.current_day:
        return None
    return game.days.filter(number=game.current_day, ended_at__isnull=True).first()


def _open_phase(game: Game) -> GamePhase | None:
    return game.phases.filter(ended_at__isnull=True).order_by("-started_at").first()


# Each clock: what it counts down to, and the API operation that tells its end again (R2).
CLOCKS = {
    DAY_CLOCK: (_open_day, ""),
    PHASE_CLOCK: (_open_phase, "/phase"),
}


@register.simple_tag
def running_day(game: Game) -> Day | GamePhase | None:
    """What the header counts down to: the current day of a running game where days run on
    the day clock; the open phase where phases do (day 0 and the nights included, C1); None
    before and after the game, and where the rule set keeps no clock."""
    clock = CLOCKS.get(game.rules.pages.clock)
    if not game.is_running or clock is None:
        return None
    return clock[0](game)


@register.simple_tag
def clock_source(game: Game) -> str:
    """The API address the countdown re-reads its end from once a minute."""
    return f"/api/v1/games/{game.pk}" + CLOCKS.get(game.rules.pages.clock, (None, ""))[1]
