"""Watching a game: the page that offers it to a signed-in person outside a game open to
spectators, and its two actions (docs/spectators.md)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.permissions import (
    can_stop_watching,
    has_spectators_board,
    watch_refusal,
    watched_game_for,
)
from game.services.lobby.spectators import spectate_start, spectate_stop
from game.views.actions import run_and_redirect


@login_required
def watch(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = watched_game_for(request.user, game_id)
    return render(
        request,
        "game/watch.html",
        {
            "game": viewer.game,
            "viewer": viewer,
            "refusal": watch_refusal(viewer),
            "watching": can_stop_watching(viewer),
            "board": has_spectators_board(viewer.game),
        },
    )


@login_required
@require_POST
def watch_start(request: HttpRequest, game_id: int) -> HttpResponse:
    watched_game_for(request.user, game_id)
    return run_and_redirect(
        request,
        lambda: spectate_start(game_id=game_id, by=request.user, now=timezone.now()),
        success="You are watching this game: its public boards and announcements, live.",
        to="game_detail",
        game_id=game_id,
    )


@login_required
@require_POST
def watch_stop(request: HttpRequest, game_id: int) -> HttpResponse:
    watched_game_for(request.user, game_id)
    return run_and_redirect(
        request,
        lambda: spectate_stop(game_id=game_id, by=request.user, now=timezone.now()),
        success="You stopped watching this game. You still may not join it while it runs.",
        to="game_watch",
        game_id=game_id,
    )
