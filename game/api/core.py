"""The API's authentication and the schemas every game module uses; the API object is
assembled in mafia_mod.api."""

import datetime as dt
import re
from typing import Annotated, Any

from django.http import HttpRequest
from django.utils import timezone
from ninja import Field, Schema
from ninja.security import APIKeyCookie, HttpBearer
from pydantic import AfterValidator, PlainSerializer, PlainValidator, WithJsonSchema

from game.rulesets import registry
from game.services.lobby.accounts import api_token_user


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


def now() -> dt.datetime:
    return timezone.now()


def registry_codes(choices: Any) -> Any:
    """The codes of `choices` (a function of the rule set registry), listed in the schema as an
    enum: the union over the registered rule sets, as the models' choices are; a game's own rule
    set still decides whether a code applies to it. A request is checked against the registry
    as it is then, as the forms' choices are, so that a rule set registered later (the tests')
    is played through the API as through the pages."""

    def registered(code: str) -> str:
        known = [known for known, _ in choices()]
        if code not in known:
            raise ValueError(f"Input should be one of: {', '.join(known)}.")
        return code

    listed = {"type": "string", "enum": [code for code, _ in choices()]}
    return Annotated[str, AfterValidator(registered), WithJsonSchema(listed)]


RoleCode = registry_codes(registry.role_choices)
ItemCode = registry_codes(registry.item_choices)
KillMethodCode = registry_codes(registry.kill_method_choices)
RulesetCode = registry_codes(registry.ruleset_choices)
SetupCount = Annotated[int, Field(ge=0, le=999)]
"""A setup counts at most 999 of a role or an item (rulesets.setup.MAX_COUNT)."""


def text(max_length: int) -> Any:
    """Free text of at most the length its column holds (empty allowed)."""
    return Annotated[str, Field(max_length=max_length)]


WORD_CHARACTER = r"[^\s\x1c-\x1f\x85\ufeff]"


def words(max_length: int) -> Any:
    """Text that must say something: at least one character that is not a space.

    The pattern names the spaces that not every regex dialect counts as space (NEL, the file
    separators, the byte-order mark), so that the schema's readers and the server agree."""
    return Annotated[str, Field(min_length=1, max_length=max_length, pattern=WORD_CHARACTER)]


ReasonText = text(500)
"""A reason, as long as the pages take (game.forms)."""


class ReasonIn(Schema):
    reason: ReasonText = ""
