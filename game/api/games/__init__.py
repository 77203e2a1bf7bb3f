"""API operations on games, sign-ups, set-up and the day clock. One module per concern: the
game with its state and log, sign-ups, the deal and start, and the day clock; their schemas in
`schemas`, re-exported here."""

from game.api.games.base import games_router
from game.api.games.schemas import (
    DayEndIn,
    DayEndTimeIn,
    DayOut,
    GameIn,
    GameOut,
    GameSettingsIn,
    GameStateOut,
    HeldItemOut,
    ItemHolderIn,
    LogEntryOut,
    ModeratorIn,
    PlayerOut,
    RoleCardOut,
    RoleSetIn,
    SetupIn,
    SignupIn,
)

# The operations register on the router as their modules are imported, in the order of the
# schema's paths: keep this order.
# isort: off
from game.api.games import game_and_log  # noqa: F401
from game.api.games import signups  # noqa: F401
from game.api.games import deal  # noqa: F401
from game.api.games import day_clock  # noqa: F401
from game.api.games import spectators  # noqa: F401
# isort: on

__all__ = [
    "games_router",
    "SetupIn",
    "GameIn",
    "GameSettingsIn",
    "GameOut",
    "SignupIn",
    "PlayerOut",
    "HeldItemOut",
    "RoleCardOut",
    "DayOut",
    "GameStateOut",
    "RoleSetIn",
    "DayEndIn",
    "DayEndTimeIn",
    "ItemHolderIn",
    "ModeratorIn",
    "LogEntryOut",
]
