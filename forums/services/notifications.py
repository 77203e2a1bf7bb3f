"""Notifications (in the app, and by email for those who ask). A notification points at what it
announces; its text is built by the selectors of the page it links to (R50)."""

import datetime as dt
from collections.abc import Sequence

from celery import current_app
from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction

from forums.models import Message, Notification, NotificationKind, NotificationSetting, Post
from forums.notification_texts import notification_item
from forums.services.push import push_enqueue
from game.errors import GameRuleError
from game.models import Game, LogEntry, Player, User
from game.services.live_channel import publish

Target = Post | Message | LogEntry
# Enqueued by name: the task module imports this one, never the other way round.
EMAIL_TASK = "forums.tasks.notification_emails_send"


def notify(
    *,
    recipients: Sequence[Player] | Sequence[User],
    kind: str,
    target: Target,
    now: dt.datetime,
    game: Game | None = None,
) -> list[Notification]:
    """Tell each recipient about `target` (a post, a private message or a log entry such as an
    investigation result, a poisoning, a stalking or an inactivity notice). Nothing of the
    target is copied: what a recipient may not read is never shown to them."""
    users = _unique_users(recipients)
    if not users:
        return []
    game_id = game.pk if game is not None else _game_id_of(target)
    field = {Post: "post", Message: "message", LogEntry: "log_entry"}[type(target)]
    notifications = Notification.objects.bulk_create(
        [
            Notification(user=user, game_id=game_id, kind=kind, created_at=now, **{field: target})
            for user in users
        ]
    )
    opted_in = NotificationSetting.objects.filter(user__in=users, **{_email_choice(kind): True})
    emailed = set(opted_in.values_list("user_id", flat=True))
    ids = [n.pk for n in notifications if n.user_id in emailed and n.pk is not None]
    if ids:
        transaction.on_commit(
            lambda: current_app.signature(EMAIL_TASK, args=(ids,)).delay(), robust=True
        )
    push_enqueue(notifications)
    for user in users:
        publish(f"user-{user.pk}", "bell")
    return notifications


def _email_choice(kind: str) -> str:
    """The setting that asks for this kind by email: reminders to vote have their own opt-in,
    every other kind follows the one for all notifications."""
    return "vote_reminder_email" if kind == NotificationKind.VOTE_REMINDER else "email"


def notification_email_send(*, notification_id: int, now: dt.datetime) -> bool:
    """Email one notification, built for the recipient as they are now; skipped when they may
    no longer read its target or it was already sent."""
    with transaction.atomic():
        notification = (
            Notification.objects.select_for_update()
            .filter(pk=notification_id, emailed_at__isnull=True)
            .first()
        )
        if notification is None:
            return False
        item = notification_item(notification)
        if item is None or not notification.user.email:
            return False
        notification.emailed_at = now
        notification.save(update_fields=["emailed_at"])
    send_mail(
        subject=f"[{item.game_name}] {item.kind_label}",
        message=f"{item.text}\n\n{settings.SITE_URL}{item.url}",
        from_email=None,
        recipient_list=[notification.user.email],
    )
    return True


@transaction.atomic
def notifications_mark_read(
    *, user: User, now: dt.datetime, notification_id: int | None = None
) -> int:
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if notification_id is not None:
        unread = unread.filter(pk=notification_id)
    return unread.update(read_at=now)


@transaction.atomic
def notification_setting_update(
    *, user: User, email: bool | None = None, vote_reminder_email: bool | None = None
) -> NotificationSetting:
    """The user's email choices; a choice left as None stays as it was."""
    if not getattr(user, "is_authenticated", False):
        raise GameRuleError("Log in first.")
    changes = {
        name: value
        for name, value in (("email", email), ("vote_reminder_email", vote_reminder_email))
        if value is not None
    }
    setting, _ = NotificationSetting.objects.update_or_create(user=user, defaults=changes)
    return setting


def _unique_users(recipients: Sequence[Player] | Sequence[User]) -> list[User]:
    seen: dict[int, User] = {}
    for recipient in recipients:
        user = recipient.user if isinstance(recipient, Player) else recipient
        seen.setdefault(user.pk, user)
    return list(seen.values())


def _game_id_of(target: Target) -> int:
    if isinstance(target, Post):
        return target.thread.board.game_id
    if isinstance(target, Message):
        return target.conversation.game_id
    return target.game_id
