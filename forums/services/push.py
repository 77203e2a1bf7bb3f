"""Web Push: the subscriptions of users' browsers, and the messages telling them what waits for
them. A message is built here from the notification as its recipient may read it now (R50),
encrypted for the subscription (RFC 8291, aes128gcm) and signed with the server's VAPID key
(RFC 8292) by pywebpush and py-vapid. Without keys, or without subscriptions, nothing is built
and nothing is sent: push only adds to the notifications in the app."""

from __future__ import annotations

import base64
import binascii
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
from game.errors import GameRuleError
from game.models import User

logger = logging.getLogger(__name__)

PUSH_TASK = "forums.tasks.push_messages_send"
TTL_SECONDS = 12 * 3600
SEND_TIMEOUT_SECONDS = 10
GONE = (404, 410)


def push_enabled() -> bool:
    return bool(settings.WEBPUSH_VAPID_PRIVATE_KEY and settings.WEBPUSH_VAPID_PUBLIC_KEY)


def _check_base64url(value: str, length: int, what: str) -> None:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise GameRuleError(f"The subscription's {what} is not base64url.") from None
    if len(raw) != length:
        raise GameRuleError(f"The subscription's {what} has the wrong length.")


@transaction.atomic
def push_subscribe(
    *, user: User, endpoint: str, p256dh: str, auth: str, now: dt.datetime
) -> PushSubscription:
    """Keep a browser's subscription for `user`; a browser that subscribes again (or passes to
    another account) keeps one row."""
    if not getattr(user, "is_authenticated", False):
        raise GameRuleError("Log in first.")
    if not push_enabled():
        raise GameRuleError("Push notifications are not set up on this server.")
    parts = urlsplit(endpoint)
    if parts.scheme != "https" or not parts.netloc or len(endpoint) > 1000:
        raise GameRuleError("A push endpoint is an https address.")
    _check_base64url(p256dh, 65, "p256dh key")
    _check_base64url(auth, 16, "auth secret")
    subscription, _ = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={"user": user, "p256dh": p256dh, "auth": auth, "created_at": now},
    )
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
    return [push_request(s, payload, now=now) for s in subscriptions]


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
        transaction.on_commit(lambda: current_app.signature(PUSH_TASK, args=(ids,)).delay())


def push_messages_send(*, notification_id: int, now: dt.datetime) -> int:
    """Send one notification to its recipient's browsers; a subscription its push service says
    is gone (404, 410) is forgotten. Returns how many push services accepted it."""
    notification = Notification.objects.filter(pk=notification_id).first()
    if notification is None:
        return 0
    accepted = 0
    for request in push_requests_for(notification, now=now):
        try:
            response = requests.post(
                request.endpoint,
                data=request.body,
                headers=request.headers,
                timeout=SEND_TIMEOUT_SECONDS,
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
