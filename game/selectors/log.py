"""The game's log as the viewer may read it (R50), private lines read as addressed."""

from __future__ import annotations

from django.db.models import QuerySet

from game.models import LogEntry, Visibility
from game.permissions import Viewer, log_visibility_filter


def log_for(
    viewer: Viewer, *, limit: int | None = None, after: int | None = None
) -> list[LogEntry]:
    """The log the viewer may read (R50), newest first; with `after`, only the entries after
    that id, oldest first (entries are append-only, so ids follow the record)."""
    entries: QuerySet[LogEntry] = (
        LogEntry.objects.filter(game=viewer.game)
        .filter(log_visibility_filter(viewer))
        .select_related("actor")
        .distinct()
    )
    if after is None:
        entries = entries.order_by("-created_at", "-id")
    else:
        entries = entries.filter(id__gt=after).order_by("id")
    if limit is not None:
        entries = entries[:limit]
    return _addressed(viewer, list(entries))


def _addressed(viewer: Viewer, entries: list[LogEntry]) -> list[LogEntry]:
    """Lines written to their recipients ("You have been poisoned") read, for anyone else who may
    see them (moderators, everyone once the game is over, R50), as addressed: each entry gets
    `addressed_to`, the recipients' names when the viewer is not one of them, else ""."""
    private = [e.pk for e in entries if e.visibility == Visibility.PLAYERS]
    names: dict[int, list[str]] = {}
    mine: set[int] = set()
    if private:
        through = LogEntry.recipients.through
        for log_id, player_id, name in through.objects.filter(logentry_id__in=private).values_list(
            "logentry_id", "player_id", "player__name"
        ):
            names.setdefault(log_id, []).append(name)
            if viewer.player is not None and player_id == viewer.player.pk:
                mine.add(log_id)
    for e in entries:
        e.addressed_to = "" if e.pk in mine else ", ".join(sorted(names.get(e.pk, [])))
    return entries
