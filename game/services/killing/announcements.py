"""Kill announcements (R2, R14). The one place a kill is announced: the public log entry (which
the forums post to Town Square, as the moderators or as the victim), and the day-end extension
of R2."""

import datetime as dt
from collections.abc import Callable

from game.models import Day, Game, GameStatus, Kill, KillRecord, User, Visibility
from game.rulesets.live_action.kills import day_end_after_announcement
from game.services.log import local_text, log_append

KILL_ANNOUNCEMENT_KIND = "kill_announced"
VICTIM_ANNOUNCEMENT_KIND = "kill_announced_by_victim"
# How the day clock moves the day's end later (`days.day_cycle.day_end_extend_to`), registered
# by services.hooks: the days sit above the kills in the order of the service packages.
DAY_END_EXTENSIONS: list[Callable[..., object]] = []


def kill_announcement_text(game: Game, kill: Kill) -> str:
    """Name, time and location (R14); the location chosen with Manipulate the Press if any."""
    where = kill.announced_location or kill.location
    return f"{kill.victim.name} was killed at {local_text(game, kill.happened_at)} at {where}."


def kill_announce(*, game: Game, kill: Kill, now: dt.datetime, by: User | None = None) -> Kill:
    """Publish the kill's announcement and extend the day when it comes less than an hour before
    day end (R2). The caller holds the game lock."""
    day_ends_at = (
        Day.objects.filter(game=game, number=game.current_day, ended_at__isnull=True)
        .values_list("ends_at", flat=True)
        .first()
    )
    new_end = day_end_after_announcement(now, day_ends_at) if day_ends_at else None
    return kill_announced(game=game, kill=kill, now=now, by=by, day_end_to=new_end)


def _game_running(game: Game) -> bool:
    """The game's status in the database, which a death hook may have changed."""
    return Game.objects.filter(pk=game.pk, status=GameStatus.RUNNING).exists()


def kill_announced(
    *,
    game: Game,
    kill: Kill,
    now: dt.datetime,
    by: User | None,
    day_end_to: dt.datetime | None,
) -> Kill:
    """Write the announcement the rules decided, and move the day's end to `day_end_to` (R2)
    unless a death hook (the win check) ended the game during this transaction."""
    by_victim = by is not None and kill.victim.user_id == by.pk
    log_append(
        game=game,
        kind=VICTIM_ANNOUNCEMENT_KIND if by_victim else KILL_ANNOUNCEMENT_KIND,
        text=kill_announcement_text(game, kill),
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    kill.announced_at = now
    kill.save(update_fields=["announced_at"])
    KillRecord.objects.filter(game=game, kill=kill).update(announced_at=now)
    # A death hook (the win check) may have ended the game during this transaction.
    if day_end_to is not None and _game_running(game):
        for extend in DAY_END_EXTENSIONS:
            extend(game=game, new_end=day_end_to, now=now, reason="A kill was announced late (R2).")
    return kill
