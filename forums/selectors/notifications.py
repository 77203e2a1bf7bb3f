"""Notification texts, built for the recipient as they are now by the same checks and
selectors as the pages they link to (R50): a mention in a board the recipient no longer reads,
or a log entry they may not see, is not shown."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.text import Truncator

from forums.access import ForumViewer, can_read, forum_viewer_for
from forums.models import ConversationMember, Notification, NotificationKind
from forums.selectors.boards import post_text_visible
from forums.selectors.messages import message_visible
from game.models import LogEntry
from game.permissions import log_visibility_filter

EXCERPT_WORDS = 25


@dataclass(frozen=True)
class NotificationItem:
    notification: Notification
    text: str
    url: str
    game_name: str
    kind_label: str

    @property
    def unread(self) -> bool:
        return self.notification.read_at is None


def _notifications():
    members = ConversationMember.objects.only("conversation_id", "player_id")
    return Notification.objects.select_related(
        "game",
        "user",
        "post__thread__board",
        "post__author_player",
        "message__conversation",
        "message__author_player",
        "log_entry",
    ).prefetch_related(
        Prefetch("message__conversation__memberships", queryset=members, to_attr="member_rows")
    )


def notification_items(
    user, *, limit: int = 50, unread_only: bool = False
) -> list[NotificationItem]:
    """The user's notifications they may still read, newest first. Queries: two, plus four per
    game in the list (the viewer and its log filter)."""
    notifications = _notifications().filter(user=user).order_by("-created_at", "-id")
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
        visible_log[game_id] = set(_visible_log_ids(fv, ids)) if ids else set()
    items = [_item(viewers[r.game_id], r, visible_log[r.game_id]) for r in rows]
    return [item for item in items if item is not None]


def notification_item(notification: Notification) -> NotificationItem | None:
    """One notification for its recipient (emails)."""
    row = _notifications().get(pk=notification.pk)
    fv = forum_viewer_for(row.user, row.game)
    visible = set(_visible_log_ids(fv, [row.log_entry_id])) if row.log_entry_id else set()
    return _item(fv, row, visible)


def unread_count(user) -> int:
    return len(notification_items(user, unread_only=True, limit=99))


def _visible_log_ids(fv: ForumViewer, ids: list[int]) -> list[int]:
    """The log page's own filter (game.permissions.log_visibility_filter)."""
    return list(
        LogEntry.objects.filter(game=fv.game, pk__in=ids)
        .filter(log_visibility_filter(fv.viewer))
        .values_list("pk", flat=True)
        .distinct()
    )


def _item(fv: ForumViewer, row: Notification, visible_log: set[int]) -> NotificationItem | None:
    label = NotificationKind(row.kind).label
    game_name = row.game.name
    if row.post_id:
        post = row.post
        if not can_read(fv, post.thread.board) or not post_text_visible(fv, post):
            return None
        url = (
            reverse("forums:thread_detail", args=[post.thread_id])
            + f"?post={post.pk}#post-{post.pk}"
        )
        excerpt = Truncator(post.body).words(EXCERPT_WORDS)
        if row.kind == NotificationKind.MENTION:
            text = f"{post.author_label} mentioned you in “{post.thread.title}”: {excerpt}"
        else:
            text = f"{post.thread.board}: {excerpt}"
        return NotificationItem(row, text, url, game_name, label)
    if row.message_id:
        message = row.message
        member_ids = {m.player_id for m in message.conversation.member_rows}
        if not message_visible(fv, message, member_ids):
            return None
        url = reverse("forums:conversation_detail", args=[row.game_id, message.conversation_id])
        excerpt = Truncator(message.body).words(EXCERPT_WORDS)
        text = f"{message.author_label} in “{message.conversation.subject}”: {excerpt}"
        return NotificationItem(row, text, url, game_name, label)
    if row.log_entry_id and row.log_entry_id in visible_log:
        url = reverse("game_log", args=[row.game_id])
        return NotificationItem(row, row.log_entry.text, url, game_name, label)
    return None
