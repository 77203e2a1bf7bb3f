"""Private messages between a game's players and its moderators, and their conversations."""

import datetime as dt

from django.utils import timezone
from ninja import Schema, Status
from pydantic import StrictBool

from forums import services
from forums.access import can_use_messages, forum_game_for
from forums.api.base import router
from forums.selectors import messages as message_selectors
from forums.services.boards import TITLE_MAX
from forums.services.posts import BODY_MAX
from game.api.core import text, words
from game.permissions import require


class MessageIn(Schema):
    body: words(BODY_MAX)
    conversation_id: int | None = None
    recipient_ids: list[int] = []
    to_moderators: StrictBool = False
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
