"""The API's authentication and the schemas every game module uses; the API object is
assembled in mafia_mod.api."""

import datetime as dt
import re
from typing import Annotated

from django.http import HttpRequest
from django.utils import timezone
from ninja import Schema
from ninja.security import APIKeyCookie, HttpBearer
from pydantic import PlainSerializer, PlainValidator, WithJsonSchema

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

    def __call__(self, request: HttpRequest):
        # A request that brings a token, or no session at all, is judged by the token alone:
        # a wrong token answers 401, never the CSRF check's 403.
        if "authorization" in request.headers or self.param_name not in request.COOKIES:
            return None
        return super().__call__(request)

    def authenticate(self, request: HttpRequest, key):
        return request.user if request.user.is_authenticated else None


class Message(Schema):
    detail: str


LOCAL_TIME_PATTERN = "^([01][0-9]|2[0-3]):[0-5][0-9]$"


def local_time_parsed(value: object) -> dt.time:
    """A wall-clock time of the game's time zone (R1's 11 PM is "23:00"): `HH:MM`, no seconds
    and no offset, since the zone is the game's own. (A `time` is the game's own, answered.)"""
    if isinstance(value, dt.time) and value.tzinfo is None:
        return value
    if isinstance(value, str) and re.fullmatch(LOCAL_TIME_PATTERN, value):
        return dt.time(int(value[:2]), int(value[3:]))
    raise ValueError("A time of day is written HH:MM (00:00 to 23:59), without seconds or offset.")


LocalTime = Annotated[
    dt.time,
    PlainValidator(local_time_parsed),
    PlainSerializer(lambda value: value.strftime("%H:%M"), return_type=str),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": LOCAL_TIME_PATTERN,
            "description": "A local time of day in the game's time zone, HH:MM.",
            "examples": ["23:00"],
        }
    ),
]


class ReasonIn(Schema):
    reason: str = ""


def now() -> dt.datetime:
    return timezone.now()
