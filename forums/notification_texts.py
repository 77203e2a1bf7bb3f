"""Notification texts, built for the recipient as they are now by the same checks as the pages
they link to (R50): a mention in a board the recipient no longer reads, or a log entry they may
not see, is not shown. Read by the notification pages and by the email service alike."""

from __future__ import annotations

import html
from dataclasses import dataclass

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.text import Truncator

from forums.access import (
    ForumViewer,
    can_read,
    can_read_conversation,
    forum_viewer_for,
    post_text_visible,
)
from forums.markup import render_markdown
from forums.models import ConversationMember, Notification, NotificationKind
from game.models import LogEntry
from game.permissions import log_visibility_filter

EXCERPT_WORDS = 25
# Where a notification about a log entry leads: the page where its recipient acts on it.
LOG_PAGES = {
    NotificationKind.VOTE_REMINDER: "vote",
    NotificationKind.KILL_TO_CONFIRM: "kills",
    NotificationKind.ITEM_OFFERED: "role_card",
    NotificationKind.GAME_STARTED: "game_detail",
    NotificationKind.ROLE_DEALT: "role_card",
    NotificationKind.QUEUE: "mod_queue",
    NotificationKind.ACTION_REMINDER: "game_detail",
    NotificationKind.REPLACEMENT_REQUEST: "forums:activity",
}
# Kinds whose words are not the entry's own: the role card, not the start announcement, is what
# a dealt role points at; one queue notice stands for everything new since it was read.
LOG_TEXTS = {
    NotificationKind.ROLE_DEALT: "Your role has been dealt: read your role card.",
    NotificationKind.QUEUE: "New items wait in the moderators' queue, the latest: {entry}",
}

# To the replaced user alone, who may read nothing else of a running game: fixed words.
REPLACED_TEXT = "You were replaced: a substitute plays your slot. The game opens to you at its end."


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


def plain_excerpt(body: str) -> str:
    """The first words of a post as they read on the page, without Markdown's marks."""
    text = html.unescape(strip_tags(render_markdown(body)))
    return Truncator(" ".join(text.split())).words(EXCERPT_WORDS)


def notification_rows():
    """Notifications with what their texts need, in one query plus one for message members."""
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


def notification_item(notification: Notification) -> NotificationItem | None:
    """One notification for its recipient (emails)."""
    row = notification_rows().get(pk=notification.pk)
    fv = forum_viewer_for(row.user, row.game)
    visible = set(visible_log_ids(fv, [row.log_entry_id])) if row.log_entry_id else set()
    return notification_text(fv, row, visible)


def visible_log_ids(fv: ForumViewer, ids: list[int]) -> list[int]:
    """The log page's own filter (game.permissions.log_visibility_filter)."""
    return list(
        LogEntry.objects.filter(game=fv.game, pk__in=ids)
        .filter(log_visibility_filter(fv.viewer))
        .values_list("pk", flat=True)
        .distinct()
    )


def notification_text(
    fv: ForumViewer, row: Notification, visible_log: set[int]
) -> NotificationItem | None:
    """The text of `row` for `fv`, or None when they may no longer read its target."""
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
        excerpt = plain_excerpt(post.body)
        if row.kind == NotificationKind.MENTION:
            text = f"{post.author_label} mentioned you in “{post.thread.title}”: {excerpt}"
        else:
            text = f"{post.thread.board}: {excerpt}"
        return NotificationItem(row, text, url, game_name, label)
    if row.message_id:
        message = row.message
        member_ids = {m.player_id for m in message.conversation.member_rows}
        if not can_read_conversation(fv, message.conversation, member_ids):
            return None
        url = reverse("forums:conversation_detail", args=[row.game_id, message.conversation_id])
        excerpt = plain_excerpt(message.body)
        text = f"{message.author_label} in “{message.conversation.subject}”: {excerpt}"
        return NotificationItem(row, text, url, game_name, label)
    if row.kind == NotificationKind.REPLACED:
        url = reverse("forums:replaced", args=[row.game_id])
        return NotificationItem(row, REPLACED_TEXT, url, game_name, label)
    if row.kind == NotificationKind.ROLE_DEALT and fv.viewer.player is None:
        return None  # a replaced player holds no role card any more
    if row.log_entry_id and row.log_entry_id in visible_log:
        url = reverse(LOG_PAGES.get(row.kind, "game_log"), args=[row.game_id])
        text = LOG_TEXTS.get(row.kind, "{entry}").format(entry=row.log_entry.text)
        return NotificationItem(row, text, url, game_name, label)
    return None
