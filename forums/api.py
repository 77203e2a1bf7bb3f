"""Forum endpoints of the JSON API (/api/v1/forums/), over the same services and selectors as
the pages, with stable operationIds."""

import datetime as dt

from django.http import HttpRequest
from django.utils import timezone
from ninja import Router, Schema, Status
from pydantic import Field, StrictBool

from forums import services
from forums.access import (
    can_post,
    can_use_messages,
    forum_game_for,
    forum_viewer_for,
    post_refusal,
    post_text_visible,
)
from forums.errors import ForbiddenError
from forums.models import Notification, Post, PostVote
from forums.push_sessions import push_endpoint_remember
from forums.selectors import boards as board_selectors
from forums.selectors import messages as message_selectors
from forums.selectors.notifications import notification_items
from forums.services.boards import TITLE_MAX
from forums.services.posts import BODY_MAX
from game.api.core import Message, ReasonText, text, words
from game.permissions import can_view_game, require
from game.services.ids import storable_ids

router = Router(tags=["forums"])


class BoardOut(Schema):
    id: int
    kind: str
    key: str = Field(description="The board's name in paths: its kind, or its group's code.")
    name: str
    may_post: bool
    unread_threads: int


class ThreadOut(Schema):
    id: int
    title: str
    pinned: bool
    post_count: int
    last_post_at: dt.datetime
    unread: bool


class ThreadIn(Schema):
    title: words(TITLE_MAX)
    body: words(BODY_MAX)


class PostIn(Schema):
    body: words(BODY_MAX)


class PostOut(Schema):
    id: int
    thread_id: int
    author: str
    as_moderator: bool
    kind: str
    body: str | None
    body_html: str | None
    created_at: dt.datetime
    edited_at: dt.datetime | None
    deleted: bool
    vote: str | None = Field(
        None, description="The vote the post cast: a player's name, No one, or withdrawn."
    )
    vote_notice: str | None = Field(
        None, description="To the author alone: why the post's vote was not counted."
    )


class PostPageOut(Schema):
    page: int
    pages: int
    posts: list[PostOut]


class MessageIn(Schema):
    body: words(BODY_MAX)
    conversation_id: int | None = None
    recipient_ids: list[int] = []
    to_moderators: bool = False
    subject: text(TITLE_MAX) = ""


class MessageOut(Schema):
    id: int
    conversation_id: int
    author: str
    as_moderator: bool
    body_html: str
    created_at: dt.datetime


class ConversationOut(Schema):
    id: int
    kind: str
    subject: str
    members: list[str]
    last_message_at: dt.datetime


class NotificationOut(Schema):
    id: int
    game_id: int
    kind: str
    text: str
    url: str
    unread: bool
    created_at: dt.datetime


def _post_out(fv, post: Post) -> dict:
    shown = post_text_visible(fv, post)
    return {
        "id": post.pk,
        "thread_id": post.thread_id,
        "author": post.author_label,
        "as_moderator": post.as_moderator,
        "kind": post.kind,
        "body": post.body if shown else None,
        "body_html": post.body_html if shown else None,
        "created_at": post.created_at,
        "edited_at": post.edited_at,
        "deleted": post.deleted_at is not None,
        **_vote_out(fv, post),
    }


def _vote_out(fv, post: Post) -> dict:
    """The vote a post cast (docs/forum-play.md); a refused one's notice to its author only."""
    try:
        cast = post.post_vote
    except PostVote.DoesNotExist:
        return {}
    if cast.counted:
        return {"vote": cast.target_label or "withdrawn"}
    if post.author_user_id == fv.user.pk:
        return {"vote_notice": cast.notice}
    return {}


def _thread(request: HttpRequest, thread_id: int):
    thread, fv = board_selectors.thread_for(
        lambda game: forum_viewer_for(request.user, game), thread_id
    )
    require(can_view_game(fv.viewer))
    return thread, fv


@router.get("/games/{game_id}/boards", response=list[BoardOut], operation_id="board_list")
def board_list_op(request, game_id: int):
    fv = forum_game_for(request.user, game_id)
    return [
        {
            "id": s.board.pk,
            "kind": s.board.kind,
            "key": s.board.key,
            "name": str(s.board),
            "may_post": s.may_post,
            "unread_threads": s.unread_threads,
        }
        for s in board_selectors.board_list(fv)
    ]


@router.get(
    "/games/{game_id}/boards/{kind}/threads", response=list[ThreadOut], operation_id="thread_list"
)
def thread_list_op(request, game_id: int, kind: str, page: int = 1):
    fv = forum_game_for(request.user, game_id)
    board = board_selectors.board_for(fv, kind)
    return [
        {
            "id": t.pk,
            "title": t.title,
            "pinned": t.pinned,
            "post_count": t.post_count,
            "last_post_at": t.last_post_at,
            "unread": t.latest_post_id > t.last_read,
        }
        for t in board_selectors.thread_list(fv, board, page=page)
    ]


class DenMemberIn(Schema):
    player_id: int


class DenMemberOut(Schema):
    id: int
    player_id: int
    added_at: dt.datetime


@router.post(
    "/games/{game_id}/den/members",
    response={201: DenMemberOut},
    operation_id="mafia_den_member_add",
)
def mafia_den_member_add_op(request, game_id: int, payload: DenMemberIn):
    """The mafia (or the moderators) give a living player Mafia Den access (R51); access lasts
    while the player lives. Anyone who cannot read the Den gets the same 404 as for a missing
    game."""
    fv = forum_game_for(request.user, game_id)
    board_selectors.board_for(fv, "mafia_den")
    return Status(
        201,
        services.den_member_add(
            game_id=game_id, by=request.user, player_id=payload.player_id, now=timezone.now()
        ),
    )


@router.post(
    "/games/{game_id}/boards/{kind}/threads",
    response={201: ThreadOut},
    operation_id="thread_create",
)
def thread_create_op(request, game_id: int, kind: str, payload: ThreadIn):
    fv = forum_game_for(request.user, game_id)
    board_selectors.board_for(fv, kind)
    thread = services.thread_create(
        game_id=game_id, board_kind=kind, by=request.user, now=timezone.now(), **payload.dict()
    )
    return Status(
        201,
        {
            "id": thread.pk,
            "title": thread.title,
            "pinned": thread.pinned,
            "post_count": thread.post_count,
            "last_post_at": thread.last_post_at,
            "unread": False,
        },
    )


@router.get("/threads/{thread_id}/posts", response=PostPageOut, operation_id="post_list")
def post_list_op(request, thread_id: int, page: int = 1):
    thread, fv = _thread(request, thread_id)
    posts = board_selectors.post_page(fv, thread, page=page)
    return {
        "page": posts.number,
        "pages": posts.paginator.num_pages,
        "posts": [_post_out(fv, p) for p in posts.object_list],
    }


@router.post("/threads/{thread_id}/posts", response={201: PostOut}, operation_id="post_create")
def post_create_op(request, thread_id: int, payload: PostIn):
    thread, fv = _thread(request, thread_id)
    if not can_post(fv, thread.board):
        raise ForbiddenError(post_refusal(fv, thread.board))
    post = services.post_create(
        thread_id=thread.pk, by=request.user, body=payload.body, now=timezone.now()
    )
    return Status(201, _post_out(fv, post))


@router.patch("/posts/{post_id}", response=PostOut, operation_id="post_edit")
def post_edit_op(request, post_id: int, payload: PostIn):
    row = Post.objects.select_related("thread").filter(pk=post_id).first()
    require(row is not None)
    _, fv = _thread(request, row.thread_id)
    board_selectors.post_for(fv, post_id)
    post = services.post_edit(
        post_id=post_id, by=request.user, body=payload.body, now=timezone.now()
    )
    return _post_out(fv, post)


class PostDeleteIn(Schema):
    reason: ReasonText


@router.post("/posts/{post_id}/delete", response=PostOut, operation_id="post_delete")
def post_delete_op(request, post_id: int, payload: PostDeleteIn):
    """The moderators remove a post with a reason; players then see only that it was removed."""
    row = Post.objects.select_related("thread").filter(pk=post_id).first()
    require(row is not None)
    _, fv = _thread(request, row.thread_id)
    board_selectors.post_for(fv, post_id)
    post = services.post_delete(
        post_id=post_id, by=request.user, reason=payload.reason, now=timezone.now()
    )
    return _post_out(fv, post)


class PinIn(Schema):
    pinned: StrictBool


@router.post("/threads/{thread_id}/pin", response=Message, operation_id="thread_pin")
def thread_pin_op(request, thread_id: int, payload: PinIn):
    """The moderators pin a thread to the top of its board, or unpin it."""
    thread, _ = _thread(request, thread_id)
    services.thread_pin(
        thread_id=thread.pk, by=request.user, pinned=payload.pinned, now=timezone.now()
    )
    return {"detail": "Thread pinned." if payload.pinned else "Thread unpinned."}


@router.post("/games/{game_id}/messages", response={201: MessageOut}, operation_id="message_send")
def message_send_op(request, game_id: int, payload: MessageIn):
    fv = forum_game_for(request.user, game_id)
    require(can_use_messages(fv))
    message = services.message_send(
        game_id=game_id, by=request.user, now=timezone.now(), **payload.dict()
    )
    return Status(
        201,
        {
            "id": message.pk,
            "conversation_id": message.conversation_id,
            "author": message.author_label,
            "as_moderator": message.as_moderator,
            "body_html": message.body_html,
            "created_at": message.created_at,
        },
    )


@router.get(
    "/games/{game_id}/conversations",
    response=list[ConversationOut],
    operation_id="conversation_list",
)
def conversation_list_op(request, game_id: int):
    fv = forum_game_for(request.user, game_id)
    require(can_use_messages(fv))
    return [
        {
            "id": c.pk,
            "kind": c.kind,
            "subject": c.subject,
            "members": [m.player.name for m in c.member_rows],
            "last_message_at": c.last_message_at,
        }
        for c in message_selectors.conversation_list(fv)
    ]


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
