from .accounts import ApiToken, User
from .deadlines import DueEvent, SchedulerHeartbeat
from .games import Day, Game, GameModerator, GameStatus
from .items import Item, ItemKind
from .log import LogEntry, Visibility
from .players import DeathCause, Player
from .votes import (
    DayEndRecord,
    DayResult,
    InactivityNotice,
    KillerAlignment,
    KillRecord,
    Vote,
    VoteCondition,
)

__all__ = [
    "ApiToken",
    "Day",
    "DayEndRecord",
    "DayResult",
    "DeathCause",
    "DueEvent",
    "Game",
    "GameModerator",
    "GameStatus",
    "InactivityNotice",
    "Item",
    "ItemKind",
    "KillRecord",
    "KillerAlignment",
    "LogEntry",
    "Player",
    "SchedulerHeartbeat",
    "User",
    "Visibility",
    "Vote",
    "VoteCondition",
]
