"""Web push: subscribing a browser's endpoint, and unsubscribing it."""

from django.utils import timezone
from ninja import Schema, Status

from forums import services
from forums.api.base import router
from forums.push_sessions import push_endpoint_remember
from game.api.core import Message


class PushSubscriptionIn(Schema):
    """A browser's PushSubscription as its toJSON() gives it."""

    endpoint: str
    keys: dict[str, str]


class PushEndpointIn(Schema):
    endpoint: str


@router.post(
    "/push/subscriptions",
    response={201: Message},
    operation_id="push_subscribe",
    description="Keep this browser's push subscription, so that what waits for you is pushed "
    "to it too, until this session logs out. 400 when the server has no VAPID keys, the "
    "subscription is malformed, its endpoint is not a known push service's, or another "
    "account registered it.",
)
def push_subscribe_op(request, payload: PushSubscriptionIn):
    services.push_subscribe(
        user=request.user,
        endpoint=payload.endpoint,
        p256dh=payload.keys.get("p256dh", ""),
        auth=payload.keys.get("auth", ""),
        now=timezone.now(),
    )
    push_endpoint_remember(request, payload.endpoint)
    return Status(201, {"detail": "Push notifications are on for this browser."})


@router.post(
    "/push/subscriptions/delete",
    response=Message,
    operation_id="push_unsubscribe",
    description="Forget a push subscription of yours (this browser turned push off).",
)
def push_unsubscribe_op(request, payload: PushEndpointIn):
    services.push_unsubscribe(user=request.user, endpoint=payload.endpoint)
    return {"detail": "Push notifications are off for this browser."}
