"""A replaced player's open pages of the game (docs/forum-play.md): where the game answers
"not found" because they no longer play it, they are told that they were replaced instead,
with what they may still read. An htmx request (a page polling) takes its page there."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from forums.access import replacement_of
from forums.models import Replacement, Thread


def replaced_page(request: HttpRequest, replacement: Replacement, status: int = 200):
    return render(
        request,
        "forums/replaced.html",
        {"replacement": replacement, "game": replacement.game},
        status=status,
    )


class ReplacedPlayerMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not isinstance(exception, Http404) or request.resolver_match is None:
            return None
        game_id = _game_of(request.resolver_match.kwargs)
        replacement = replacement_of(request.user, game_id) if game_id else None
        if replacement is None:
            return None
        if request.headers.get("HX-Request"):
            where = reverse("forums:replaced", args=[game_id])
            return HttpResponse(status=204, headers={"HX-Redirect": where})
        return replaced_page(request, replacement, status=404)


def _game_of(kwargs: dict) -> int | None:
    if isinstance(kwargs.get("game_id"), int):
        return kwargs["game_id"]
    if isinstance(kwargs.get("thread_id"), int):
        thread = Thread.objects.filter(pk=kwargs["thread_id"]).values_list("board__game_id")
        return next(iter(thread), (None,))[0]
    return None
