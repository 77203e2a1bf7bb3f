"""One limit for a request's body, the same in nginx (deploy/nginx: client_max_body_size),
gunicorn and Django: a request over it is answered 413 with what the limit is, before any view
reads it. Uploads (multipart forms: a sign-up photo is the largest) may reach
REQUEST_BODY_MAX_BYTES; other bodies (JSON, plain forms) are read into memory and stop at
DATA_UPLOAD_MAX_MEMORY_SIZE, which Django would otherwise refuse halfway through the body, the
connection then closed under nginx (a 502)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

CHUNK = 64 * 1024


def body_limit(request: HttpRequest) -> int:
    if request.content_type == "multipart/form-data":
        return settings.REQUEST_BODY_MAX_BYTES
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f}".removesuffix(".0") + " MB"


def too_large_text(limit: int) -> str:
    return (
        f"The request is too large: at most {megabytes(limit)} "
        f"({megabytes(settings.REQUEST_BODY_MAX_BYTES)} for an upload). Send less, or a smaller "
        "photo."
    )


class BodyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = body_limit(request)
        if length <= limit:
            return self.get_response(request)
        # Read what was sent (nginx has refused anything over the upload limit already), so
        # that the answer reaches the client instead of a connection closed under it.
        stream, left = request.META.get("wsgi.input"), min(length, settings.REQUEST_BODY_MAX_BYTES)
        while stream is not None and left > 0 and stream.read(min(CHUNK, left)):
            left -= CHUNK
        message = too_large_text(limit)
        if request.path_info.startswith("/api/"):
            return JsonResponse({"detail": message}, status=413)
        return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
