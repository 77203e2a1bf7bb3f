from .accounts import ApiToken, User
from .deadlines import DueEvent, SchedulerHeartbeat
from .games import Day, Game, GameModerator, GameStatus
from .items import Item, ItemKind
from .log import LogEntry, Visibility
from .players import DeathCause, Player

__all__ = [
    "ApiToken",
    "Day",
    "DeathCause",
    "DueEvent",
    "Game",
    "GameModerator",
    "GameStatus",
    "Item",
    "ItemKind",
    "LogEntry",
    "Player",
    "SchedulerHeartbeat",
    "User",
    "Visibility",
]
