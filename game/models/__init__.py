from .accounts import ApiToken, User
from .deadlines import DueEvent, SchedulerHeartbeat
from .games import Day, Game, GameModerator, GameStatus
from .investigations import (
    CapacityChoice,
    Investigation,
    PoliceWatch,
    PriestList,
    PriestListEntry,
    ResultStatus,
    ShovelUse,
    SiteVisit,
)
from .items import Item, ItemKind
from .kills import Kill, KillMethodChoice, KillSide, KillStatement, KillStatus, Tazing
from .log import LogEntry, Visibility
from .mafia import POWER_USES, MafiaPower, MafiaPowerUse
from .players import DeathCause, DesperadoRequest, Player
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
    "CapacityChoice",
    "Day",
    "DayEndRecord",
    "DayResult",
    "DeathCause",
    "DesperadoRequest",
    "DueEvent",
    "Game",
    "GameModerator",
    "GameStatus",
    "InactivityNotice",
    "Item",
    "ItemKind",
    "KillRecord",
    "KillerAlignment",
    "Investigation",
    "Item",
    "ItemKind",
    "Kill",
    "KillMethodChoice",
    "KillSide",
    "KillStatement",
    "KillStatus",
    "LogEntry",
    "MafiaPower",
    "MafiaPowerUse",
    "POWER_USES",
    "Player",
    "PoliceWatch",
    "PriestList",
    "PriestListEntry",
    "ResultStatus",
    "SchedulerHeartbeat",
    "ShovelUse",
    "SiteVisit",
    "Tazing",
    "User",
    "Visibility",
    "Vote",
    "VoteCondition",
]
