"""The moderators' exports: the game's record as CSV and as JSON, streamed, and the role cards
to print."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils.text import slugify

from game.models import Game
from game.permissions import moderated_game_for
from game.selectors import exports


def record_response(game: Game, kind: str) -> StreamingHttpResponse:
    """The record streamed as `kind` ("csv" or "json"), as a download named after the game."""
    lines = exports.record_csv(game) if kind == "csv" else exports.record_json(game)
    content_type = "text/csv; charset=utf-8" if kind == "csv" else "application/json"
    response = StreamingHttpResponse(lines, content_type=content_type)
    name = slugify(game.name) or f"game-{game.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}-record.{kind}"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
def record_csv(request: HttpRequest, game_id: int) -> StreamingHttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    return record_response(game, "csv")


@login_required
def record_json(request: HttpRequest, game_id: int) -> StreamingHttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    return record_response(game, "json")


@login_required
def role_cards(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = moderated_game_for(request.user, game_id)
    return render(
        request,
        "game/mod/role_cards.html",
        {"game": game, "viewer": viewer, "cards": exports.role_cards(game)},
    )
