"""Notifications: the list, marking them read (one, all, or a thread's posts), and their
settings."""

import datetime as dt

from django.utils import timezone
from ninja import Schema
from pydantic import StrictBool

from forums import services
from forums.api.base import _thread, router
from forums.models import Notification
from forums.selectors.notifications import notification_items
from game.api.core import Message
from game.permissions import require
from game.services.ids import storable_ids


class NotificationOut(Schema):
    id: int
    game_id: int
    kind: str
    text: str
    url: str
    unread: bool
    created_at: dt.datetime


@router.get("/notifications", response=list[NotificationOut], operation_id="notification_list")
def notification_list_op(request):
    return [
        {
            "id": i.notification.pk,
            "game_id": i.notification.game_id,
            "kind": i.notification.kind,
            "text": i.text,
            "url": i.url,
            "unread": i.unread,
            "created_at": i.notification.created_at,
        }
        for i in notification_items(request.user, limit=100)
    ]


class ReadMarkerIn(Schema):
    last_post_id: int


@router.post(
    "/notifications/{notification_id}/read", response=Message, operation_id="notification_read"
)
def notification_read_op(request, notification_id: int):
    """Mark one of your notifications read (what opening it on the page does)."""
    notification = (
        Notification.objects.filter(pk__in=storable_ids([notification_id]), user=request.user)
        .only("pk")
        .first()
    )
    require(notification is not None)
    services.notifications_mark_read(
        user=request.user, now=timezone.now(), notification_id=notification.pk
    )
    return {"detail": "Marked as read."}


@router.post("/threads/{thread_id}/read", response=Message, operation_id="thread_read")
def thread_read_op(request, thread_id: int, payload: ReadMarkerIn):
    """Remember that you have read a thread up to `last_post_id` (a post of the thread; the
    marker never moves back). Reading posts never moves it by itself."""
    thread, _ = _thread(request, thread_id)
    services.read_marker_update(user=request.user, thread=thread, last_post_id=payload.last_post_id)
    return {"detail": "Marked as read."}


@router.post("/notifications/read", response=Message, operation_id="notifications_read")
def notifications_read_op(request):
    """Mark all your notifications read."""
    services.notifications_mark_read(user=request.user, now=timezone.now())
    return {"detail": "All notifications marked as read."}


class NotificationSettingsIn(Schema):
    """Email choices; one left out stays as it is."""

    # Strict: `0` or `"no"` is not a yes-or-no answer to whether email is on.
    email: StrictBool | None = None
    vote_reminder_email: StrictBool | None = None


class NotificationSettingsOut(Schema):
    email: bool
    vote_reminder_email: bool


@router.put(
    "/notifications/settings",
    response=NotificationSettingsOut,
    operation_id="notification_settings_update",
    description="Email every notification (`email`), and the reminder to vote before the day "
    "ends when you have not voted (`vote_reminder_email`). Both are off until you turn them on.",
)
def notification_settings_update_op(request, payload: NotificationSettingsIn):
    setting = services.notification_setting_update(
        user=request.user, email=payload.email, vote_reminder_email=payload.vote_reminder_email
    )
    return {"email": setting.email, "vote_reminder_email": setting.vote_reminder_email}
