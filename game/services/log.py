import datetime as dt
from collections.abc import Callable, Iterable

from django.utils import timezone

from game.models import Game, LogEntry, Player, Visibility

LogHook = Callable[[LogEntry, list[Player]], None]

# Run after every new entry, in the writer's transaction: the forums post the public
# announcements to Town Square and ring the bell of the recipients of private results.
# Registered by the apps' ready().
LOG_HOOKS: list[LogHook] = []


def log_append(
    *,
    game: Game,
    kind: str,
    text: str,
    visibility: Visibility,
    now: dt.datetime,
    recipients: Iterable[Player] = (),
    actor=None,
    reason: str = "",
) -> LogEntry:
    entry = LogEntry.objects.create(
        game=game,
        created_at=now,
        day=game.current_day,
        kind=kind,
        text=text,
        visibility=visibility,
        actor=actor,
        reason=reason,
    )
    recipients = list(recipients)
    if recipients:
        entry.recipients.set(recipients)
    for hook in LOG_HOOKS:
        hook(entry, recipients)
    return entry


def local_text(game: Game, moment: dt.datetime) -> str:
    """A moment as the log's texts write it: in the game's time zone."""
    return timezone.localtime(moment, game.zone).strftime("%a %b %-d, %-I:%M %p %Z")
