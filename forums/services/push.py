"""Web Push: the subscriptions of users' browsers, and the messages telling them what waits for
them. A message is built here from the notification as its recipient may read it now (R50),
encrypted for the subscription (RFC 8291, aes128gcm) and signed with the server's VAPID key
(RFC 8292) by pywebpush and py-vapid. Without keys, or without subscriptions, nothing is built
and nothing is sent: push only adds to the notifications in the app."""

from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass
from urllib.parse import urlsplit

import requests
from celery import current_app
from django.conf import settings
from django.db import transaction
from py_vapid import Vapid02
from pywebpush import WebPusher

from forums.models import Notification, PushSubscription
from forums.notification_texts import NotificationItem, notification_item
from forums.services.push_targets import (
    check_subscription_keys,
    endpoint_refusal,
    endpoint_sendable,
)
from game.errors import GameRuleError
from game.models import User

logger = logging.getLogger(__name__)

PUSH_TASK = "forums.tasks.push_messages_send"
TTL_SECONDS = 12 * 3600
SEND_TIMEOUT_SECONDS = 10
GONE = (404, 410)


def push_enabled() -> bool:
    return bool(settings.WEBPUSH_VAPID_PRIVATE_KEY and settings.WEBPUSH_VAPID_PUBLIC_KEY)


@transaction.atomic
def push_subscribe(
    *, user: User, endpoint: str, p256dh: str, auth: str, now: dt.datetime
) -> PushSubscription:
    """Keep a browser's subscription for `user`; a browser that subscribes again keeps one row.
    An endpoint another account registered stays theirs: posting it must not hand their
    browser's pushes to the caller, nor turn their own unsubscribe into a no-op."""
    if not getattr(user, "is_authenticated", False):
        raise GameRuleError("Log in first.")
    if not push_enabled():
        raise GameRuleError("Push notifications are not set up on this server.")
    refusal = endpoint_refusal(endpoint)
    if refusal is not None:
        raise GameRuleError(refusal)
    check_subscription_keys(p256dh, auth)
    subscription, created = PushSubscription.objects.select_for_update().get_or_create(
        endpoint=endpoint,
        defaults={"user": user, "p256dh": p256dh, "auth": auth, "created_at": now},
    )
    if not created:
        if subscription.user_id != user.pk:
            raise GameRuleError(
                "This browser's subscription belongs to another account: turn push off and on "
                "again for a new one."
            )
        subscription.p256dh, subscription.auth = p256dh, auth
        subscription.save(update_fields=["p256dh", "auth"])
    return subscription


@transaction.atomic
def push_unsubscribe(*, user: User, endpoint: str) -> int:
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    return deleted


def push_payload(item: NotificationItem) -> dict[str, str]:
    """What the service worker shows: the same words as the notification in the app."""
    return {
        "title": f"{item.game_name}: {item.kind_label}",
        "body": item.text,
        "url": item.url,
        "tag": f"notification-{item.notification.pk}",
    }


@dataclass(frozen=True)
class PushRequest:
    """A message ready for a push service: where it goes, its headers (the VAPID signature among
    them) and its encrypted body."""

    endpoint: str
    headers: dict[str, str]
    body: bytes


def push_request(
    subscription: PushSubscription, payload: dict[str, str], *, now: dt.datetime
) -> PushRequest:
    """Encrypt `payload` for `subscription` and sign the request for its push service."""
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    body = WebPusher(info).encode(json.dumps(payload).encode(), "aes128gcm")["body"]
    parts = urlsplit(subscription.endpoint)
    claims = {
        "sub": settings.WEBPUSH_VAPID_SUBJECT,
        "aud": f"{parts.scheme}://{parts.netloc}",
        "exp": int(now.timestamp()) + TTL_SECONDS,
    }
    headers = Vapid02.from_string(settings.WEBPUSH_VAPID_PRIVATE_KEY).sign(claims)
    headers.update(
        {
            "TTL": str(TTL_SECONDS),
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "Urgency": "normal",
        }
    )
    return PushRequest(subscription.endpoint, headers, body)


def push_requests_for(notification: Notification, *, now: dt.datetime) -> list[PushRequest]:
    """The messages for every subscription of the notification's recipient; none when push is
    off, they have no subscription, or they may no longer read what it announces."""
    if not push_enabled():
        return []
    subscriptions = list(PushSubscription.objects.filter(user_id=notification.user_id))
    if not subscriptions:
        return []
    item = notification_item(notification)
    if item is None:
        return []
    payload = push_payload(item)
    requests_built = []
    for subscription in subscriptions:
        # One browser's unusable keys (stored before they were checked) must not cost the
        # recipient's other browsers their message.
        try:
            requests_built.append(push_request(subscription, payload, now=now))
        except Exception:
            logger.exception(
                "A push message could not be built for subscription %s.", subscription.pk
            )
    return requests_built


def push_enqueue(notifications: list[Notification]) -> None:
    """After the writer commits, send the notifications of users who have a subscription."""
    if not push_enabled() or not notifications:
        return
    users = {n.user_id for n in notifications}
    subscribed = set(
        PushSubscription.objects.filter(user_id__in=users).values_list("user_id", flat=True)
    )
    ids = [n.pk for n in notifications if n.user_id in subscribed and n.pk is not None]
    if ids:
        transaction.on_commit(
            lambda: current_app.signature(PUSH_TASK, args=(ids,)).delay(), robust=True
        )


def push_messages_send(*, notification_id: int, now: dt.datetime) -> int:
    """Send one notification to its recipient's browsers; a subscription its push service says
    is gone (404, 410) is forgotten. Returns how many push services accepted it."""
    notification = Notification.objects.filter(pk=notification_id).first()
    if notification is None:
        return 0
    accepted = 0
    for request in push_requests_for(notification, now=now):
        if not endpoint_sendable(request.endpoint):
            logger.warning("A push endpoint is not a known push service's public address.")
            continue
        try:
            # A push service answers where it is; a redirect could lead anywhere (SSRF).
            response = requests.post(
                request.endpoint,
                data=request.body,
                headers=request.headers,
                timeout=SEND_TIMEOUT_SECONDS,
                allow_redirects=False,
            )
        except requests.RequestException:
            logger.warning("A push service could not be reached; the message is dropped.")
            continue
        if response.status_code in GONE:
            PushSubscription.objects.filter(endpoint=request.endpoint).delete()
        elif response.ok:
            accepted += 1
            PushSubscription.objects.filter(endpoint=request.endpoint).update(last_pushed_at=now)
    return accepted


def push_batch_send(*, notification_ids: list[int], now: dt.datetime) -> int:
    """Send each notification on its own: one that fails does not stop the rest of the batch."""
    accepted = 0
    for pk in notification_ids:
        try:
            accepted += push_messages_send(notification_id=pk, now=now)
        except Exception:
            logger.exception("Notification %s could not be pushed.", pk)
    return accepted


def push_session_forget(*, user: User, endpoints: list[str]) -> int:
    """Logout: the subscriptions this browser session made stop, so that a shared or handed-on
    device shows nobody's messages, Den excerpts or private log lines any more."""
    if not endpoints:
        return 0
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint__in=endpoints).delete()
    return deleted
