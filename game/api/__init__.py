"""The JSON API (/api/v1/): the same services as the pages, with stable operationIds.
Importing the operation modules registers their operations on `api`; the kills, role-card
and forums operations come as routers."""

from forums.api import router as forums_router
from game.api import games, votes
from game.api.core import api
from game.api.kills import kills_router
from game.api.mafia import mafia_router
from game.api.roles import roles_router

api.add_router("", kills_router)
api.add_router("", mafia_router)
api.add_router("", roles_router)
api.add_router("/forums", forums_router)

__all__ = ["api", "games", "votes"]
