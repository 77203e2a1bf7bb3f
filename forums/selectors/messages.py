from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet
from django.http import Http404

from forums.access import ForumViewer, can_read_conversation
from forums.models import Conversation, ConversationMember, Message
from game.models import Player


def conversations_visible(fv: ForumViewer) -> QuerySet[Conversation]:
    """Every conversation of the game for its moderators; a player's own otherwise."""
    conversations = Conversation.objects.filter(game=fv.game)
    if fv.is_moderator:
        return conversations
    if fv.player is None:
        return conversations.none()
    return conversations.filter(memberships__player=fv.player)


def conversation_list(fv: ForumViewer, *, limit: int = 100) -> list[Conversation]:
    members = ConversationMember.objects.select_related("player").order_by("player__name")
    return list(
        conversations_visible(fv)
        .prefetch_related(Prefetch("memberships", queryset=members, to_attr="member_rows"))
        .order_by("-last_message_at", "-id")[:limit]
    )


@dataclass(frozen=True)
class ConversationView:
    conversation: Conversation
    members: list[Player]
    messages: list[Message]


def conversation_for(fv: ForumViewer, conversation_id: int) -> ConversationView:
    conversation = Conversation.objects.filter(pk=conversation_id, game=fv.game).first()
    if conversation is None:
        raise Http404("No such conversation.")
    members = [
        m.player
        for m in ConversationMember.objects.filter(conversation=conversation)
        .select_related("player")
        .order_by("player__name")
    ]
    if not can_read_conversation(fv, conversation, {p.pk for p in members}):
        raise Http404("No such conversation.")
    messages = list(conversation.messages.select_related("author_player").order_by("id")[:500])
    return ConversationView(conversation, members, messages)
