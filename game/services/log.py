import datetime as dt
from collections.abc import Iterable

from game.models import Game, LogEntry, Player, Visibility


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
    return entry
