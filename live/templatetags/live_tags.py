"""The page's stream: which topics it hears, from what the page already shows (no query)."""

from __future__ import annotations

import secrets
import time

from django import template
from django.urls import reverse

from forums.access import ForumViewer, can_read
from forums.models import Thread
from game.permissions import Viewer, can_moderate, can_view_game
from game.services import live_channel

register = template.Library()

# The stream's first connect replays what happened since the page was rendered (`since`), from a
# little before: the page read the database before this tag ran, and the clocks of the web host
# and of the store may differ a little. An event the page already shows only fetches it again.
SINCE_MARGIN_MS = 3000


@register.simple_tag(takes_context=True)
def live_stream_url(context) -> str:
    """The stream's address for this page, or "" when there is no channel (the page polls)."""
    user = context.get("user")
    if not live_channel.enabled() or not getattr(user, "is_authenticated", False):
        return ""
    topics = [f"user-{user.pk}"]
    viewer = context.get("viewer")
    if isinstance(viewer, Viewer) and can_view_game(viewer):
        topics.append(f"game-{viewer.game.pk}")
        if can_moderate(viewer):
            topics.append(f"queue-{viewer.game.pk}")
    thread, fv = context.get("thread"), context.get("fv")
    if isinstance(thread, Thread) and isinstance(fv, ForumViewer) and can_read(fv, thread.board):
        topics.append(f"thread-{thread.pk}")
    since = int(time.time() * 1000) - SINCE_MARGIN_MS
    page = secrets.token_hex(8)
    return f"{reverse('live:stream')}?topics={','.join(topics)}&page={page}&since={since}"


@register.simple_tag
def live_trigger(live: str, polling: str) -> str:
    """An hx-trigger: the channel's events (and live.js's fallback) when there is a channel,
    the old polling otherwise."""
    return f"{live}, livepoll" if live_channel.enabled() else polling
