from .accounts import ApiToken, User
from .deadlines import DueEvent, SchedulerHeartbeat
from .estimates import BalanceEstimate
from .games import Day, Game, GameModerator, GameStatus
from .holds import HeldDecision, HeldKind
from .investigations import (
    Investigation,
    PoliceWatch,
    PriestList,
    PriestListEntry,
    ResultStatus,
    ShovelUse,
    SiteVisit,
)
from .items import Item, ItemOffer
from .kills import Kill, KillSide, KillStatement, KillStatus, Tazing
from .live import LiveEvent, LiveTopic
from .log import LogEntry, Visibility
from .mafia import MafiaPowerUse, Stalking
from .petitions import MafiaCount, Petition, PetitionSignature
from .phases import GamePhase, NightAction, NightOverride
from .players import DesperadoRequest, Player
from .spectators import Spectator
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
    "BalanceEstimate",
    "Day",
    "DayEndRecord",
    "DayResult",
    "DesperadoRequest",
    "DueEvent",
    "Game",
    "GameModerator",
    "GamePhase",
    "GameStatus",
    "HeldDecision",
    "HeldKind",
    "InactivityNotice",
    "Item",
    "ItemOffer",
    "KillRecord",
    "KillerAlignment",
    "Investigation",
    "Item",
    "Kill",
    "LiveEvent",
    "Spectator",
    "LiveTopic",
    "KillSide",
    "KillStatement",
    "KillStatus",
    "LogEntry",
    "MafiaCount",
    "MafiaPowerUse",
    "NightAction",
    "NightOverride",
    "Petition",
    "PetitionSignature",
    "Player",
    "PoliceWatch",
    "PriestList",
    "PriestListEntry",
    "ResultStatus",
    "SchedulerHeartbeat",
    "ShovelUse",
    "SiteVisit",
    "Stalking",
    "Tazing",
    "User",
    "Visibility",
    "Vote",
    "VoteCondition",
]
