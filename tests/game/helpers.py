"""Shared steps for the day-end tests: cast votes and run the clock through the services."""

import datetime as dt

from django.utils import timezone

from game.models import Day, Game, Player
from game.services.days.votes import vote_cast
from game.services.deadlines import process_due_events
from game.services.hold_effects import decisions_apply
from game.services.holds import HOLD


def current_day(game: Game) -> Day:
    game.refresh_from_db()
    return Day.objects.get(game=game, number=game.current_day)


def vote(game: Game, voter: Player, target: Player | None, *, at: dt.datetime | None = None, **kw):
    at = at or current_day(game).started_at + dt.timedelta(hours=1)
    return vote_cast(
        game_id=game.pk,
        voter_id=voter.pk,
        target_id=target.pk if target else None,
        now=at,
        **kw,
    )


def end_day(game: Game, *, late: dt.timedelta = dt.timedelta(minutes=1)) -> Day:
    """Run the periodic job just after the current day's end; returns the day that ended."""
    day = current_day(game)
    process_due_events(now=day.ends_at + late)
    day.refresh_from_db()
    game.refresh_from_db()
    return day


def alive(player: Player) -> bool:
    player.refresh_from_db()
    return player.alive


def a_minute_passes() -> None:
    """The moderators' minute to undo their queue decisions is over: the periodic job applies
    them (only them: a test's game may have a day end overdue)."""
    decisions_apply(now=timezone.now() + HOLD)
