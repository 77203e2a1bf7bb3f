"""The JSON API (/api/v1/): every app's routers assembled on one NinjaAPI, with its
authentication and error handling. Paths and operationIds are stable."""

from django.http import Http404
from ninja import NinjaAPI

from forums.api import router as forums_router
from game.api.core import SessionAuth, TokenAuth
from game.api.games import games_router
from game.api.kills import kills_router
from game.api.mafia import mafia_router
from game.api.phases import phases_router
from game.api.roles import roles_router
from game.api.votes import votes_router
from game.errors import GameRuleError

api = NinjaAPI(
    title="mafia-mod API",
    version="1",
    urls_namespace="api",
    auth=[TokenAuth(), SessionAuth(csrf=True)],
    description="Every action of the app. Authenticate with your browser session or with a "
    "personal token from your profile page (Authorization: Bearer <token>).",
)


@api.exception_handler(GameRuleError)
def rule_error(request, error: GameRuleError):
    return api.create_response(request, {"detail": error.message}, status=error.status_code)


@api.exception_handler(Http404)
def not_found(request, error):
    return api.create_response(request, {"detail": "Not found."}, status=404)


api.add_router("", games_router)
api.add_router("", votes_router)
api.add_router("", kills_router)
api.add_router("", mafia_router)
api.add_router("", roles_router)
api.add_router("", phases_router)
api.add_router("/forums", forums_router)
