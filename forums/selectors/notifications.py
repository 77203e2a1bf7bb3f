"""The notification pages' reads: the user's notifications they may still read (R50)."""

from __future__ import annotations

from forums.access import ForumViewer, forum_viewer_for
from forums.notification_texts import (
    NotificationItem,
    notification_rows,
    notification_text,
    visible_log_ids,
)


def notification_items(
    user, *, limit: int = 50, unread_only: bool = False
) -> list[NotificationItem]:
    """The user's notifications they may still read, newest first. Queries: two, plus four per
    game in the list (the viewer and its log filter)."""
    notifications = notification_rows().filter(user=user).order_by("-created_at", "-id")
    if unread_only:
        notifications = notifications.filter(read_at__isnull=True)
    rows = list(notifications[:limit])
    viewers: dict[int, ForumViewer] = {}
    visible_log: dict[int, set[int]] = {}
    for row in rows:
        if row.game_id not in viewers:
            viewers[row.game_id] = forum_viewer_for(user, row.game)
    for game_id, fv in viewers.items():
        ids = [r.log_entry_id for r in rows if r.game_id == game_id and r.log_entry_id]
        visible_log[game_id] = set(visible_log_ids(fv, ids)) if ids else set()
    items = [notification_text(viewers[r.game_id], r, visible_log[r.game_id]) for r in rows]
    return [item for item in items if item is not None]


def unread_count(user) -> int:
    return len(notification_items(user, unread_only=True, limit=99))
