"""The API object, its authentication and error handling, and the schemas every module uses."""

import datetime as dt

from django.http import Http404, HttpRequest
from django.utils import timezone
from ninja import NinjaAPI, Schema
from ninja.security import APIKeyCookie, HttpBearer

from game.errors import GameRuleError
from game.services.accounts import api_token_user


class TokenAuth(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str):
        user = api_token_user(token, now=timezone.now())
        if user is not None:
            request.user = user
        return user


class SessionAuth(APIKeyCookie):
    """The browser's session, with Django's CSRF check on unsafe methods."""

    param_name = "sessionid"

    def authenticate(self, request: HttpRequest, key):
        return request.user if request.user.is_authenticated else None


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


class Message(Schema):
    detail: str


class ReasonIn(Schema):
    reason: str = ""


def now() -> dt.datetime:
    return timezone.now()
