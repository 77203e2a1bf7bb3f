from .boards import (
    GROUP_BOARD,
    Board,
    BoardKind,
    DenMembership,
    Post,
    PostKind,
    PostRevision,
    ReadMarker,
    Thread,
)
from .forum_play import LastWill, PhaseThread, PostVote
from .inactivity import ProdStep, Replacement, SlotActivity
from .messages import Conversation, ConversationKind, ConversationMember, Message
from .notifications import Notification, NotificationKind, NotificationSetting, PushSubscription

__all__ = [
    "GROUP_BOARD",
    "Board",
    "BoardKind",
    "Conversation",
    "ConversationKind",
    "ConversationMember",
    "DenMembership",
    "LastWill",
    "Message",
    "Notification",
    "NotificationKind",
    "NotificationSetting",
    "PhaseThread",
    "Post",
    "PostKind",
    "PostRevision",
    "PostVote",
    "ProdStep",
    "PushSubscription",
    "ReadMarker",
    "Replacement",
    "SlotActivity",
    "Thread",
]
