from .boards import (
    Board,
    BoardKind,
    DenMembership,
    Post,
    PostKind,
    PostRevision,
    ReadMarker,
    Thread,
)
from .messages import Conversation, ConversationKind, ConversationMember, Message
from .notifications import Notification, NotificationKind, NotificationSetting, PushSubscription

__all__ = [
    "Board",
    "BoardKind",
    "Conversation",
    "ConversationKind",
    "ConversationMember",
    "DenMembership",
    "Message",
    "Notification",
    "NotificationKind",
    "NotificationSetting",
    "Post",
    "PostKind",
    "PostRevision",
    "PushSubscription",
    "ReadMarker",
    "Thread",
]
