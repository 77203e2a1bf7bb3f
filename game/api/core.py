"""The API's authentication and the schemas every game module uses; the API object is
assembled in mafia_mod.api."""

import datetime as dt

from django.http import HttpRequest
from django.utils import timezone
from ninja import Schema
from ninja.security import APIKeyCookie, HttpBearer

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


class Message(Schema):
    detail: str


class ReasonIn(Schema):
    reason: str = ""


def now() -> dt.datetime:
    return timezone.now()
