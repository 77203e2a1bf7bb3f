"""Text that cannot be stored is refused before any view sees it.

PostgreSQL's text columns hold neither the NUL character nor a lone UTF-16 surrogate (which has
no UTF-8 form): a note, post, title, name, introduction, message, kill report field or reason
holding one used to fail at the insert with a 500, after the service had started writing. No
person types them, so rather than have every form and every API schema check each field, this
middleware looks once at everything a request carries as text (the path, the query string, form
fields and file names, and a JSON body parsed as the API parses it) and answers 400 with the
field's name. The API gets its usual error body `{"detail": …}`, pages a plain-text message."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

from django.http import HttpRequest, HttpResponse, JsonResponse

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# No operation's body nests deeper than a few levels; a body nested hundreds deep only exhausts
# the parsers' recursion (a 500 before).
MAX_JSON_DEPTH = 32
TOO_DEEP = f"The JSON body is nested too deeply (at most {MAX_JSON_DEPTH} levels)."
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def refusal_text(field: str) -> str:
    where = f" in “{field}”" if field else ""
    return (
        f"The text{where} contains a character that cannot be stored (a NUL character or an "
        "unpaired surrogate). Remove it and send again."
    )


class TooDeep(ValueError):
    pass


def _json_strings(value: object) -> Iterator[tuple[str, str]]:
    """Every string of a parsed body with the name of the field holding it, walked without
    recursion; TooDeep past MAX_JSON_DEPTH levels."""
    stack: list[tuple[object, str, int]] = [(value, "", 0)]
    while stack:
        item, field, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise TooDeep(TOO_DEEP)
        if isinstance(item, str):
            yield field, item
        elif isinstance(item, dict):
            for key, inner in item.items():
                yield "", key
                stack.append((inner, key if isinstance(key, str) else field, depth + 1))
        elif isinstance(item, list):
            stack.extend((inner, field, depth + 1) for inner in item)


def _request_strings(request: HttpRequest) -> Iterator[tuple[str, str]]:
    yield "", request.path_info
    for key, values in request.GET.lists():
        yield "", key
        for value in values:
            yield key, value
    if request.method not in BODY_METHODS:
        return
    # The API reads every body as JSON, whatever its declared type: reading a form first would
    # consume the stream the API then reads (RawPostDataException, a 500).
    if request.content_type in FORM_TYPES and not request.path_info.startswith("/api/"):
        yield from _form_strings(request)
    else:
        yield from _body_strings(request)


def _form_strings(request: HttpRequest) -> Iterator[tuple[str, str]]:
    for key, values in request.POST.lists():
        yield "", key
        for value in values:
            yield key, value
    for key, upload in request.FILES.items():
        yield key, upload.name or ""


def _body_strings(request: HttpRequest) -> Iterator[tuple[str, str]]:
    body = request.body
    if not body:
        return
    try:
        # As django-ninja parses a body, whatever its declared type (bytes decode with
        # "surrogatepass", so an encoded lone surrogate arrives as one).
        parsed = json.loads(body)
    except RecursionError:
        raise TooDeep(TOO_DEEP) from None
    except ValueError:
        return
    yield from _json_strings(parsed)


def request_refusal(request: HttpRequest) -> str | None:
    """Why the request cannot be taken (the first field holding text that cannot be stored, or
    a body nested too deeply), or None."""
    try:
        for field, text in _request_strings(request):
            if UNSTORABLE.search(text):
                return refusal_text(field)
    except TooDeep as too_deep:
        return str(too_deep)
    return None


class UnstorableTextMiddleware:
    """Refuses (400) a request carrying a NUL character or a lone surrogate anywhere it sends text,
    for every page and API operation alike."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        message = request_refusal(request)
        if message is None:
            return self.get_response(request)
        if request.path_info.startswith("/api/"):
            return JsonResponse({"detail": message}, status=400)
        return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")
