from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from forums import services
from forums.access import can_post, forum_game_for, post_refusal
from forums.selectors import boards as selectors
from forums.views.common import forbidden, run_and_redirect


@login_required
def board_list(request: HttpRequest, game_id: int) -> HttpResponse:
    fv = forum_game_for(request.user, game_id)
    return render(
        request,
        "forums/board_list.html",
        {"game": fv.game, "viewer": fv.viewer, "fv": fv, "boards": selectors.board_list(fv)},
    )


@login_required
def board_detail(request: HttpRequest, game_id: int, kind: str) -> HttpResponse:
    fv = forum_game_for(request.user, game_id)
    board = selectors.board_for(fv, kind)
    here = reverse("forums:board_detail", args=[game_id, kind])
    if request.method == "POST":
        if not can_post(fv, board):
            return forbidden(request, post_refusal(fv, board))
        return run_and_redirect(
            request,
            lambda: services.thread_create(
                game_id=game_id,
                board_kind=kind,
                by=request.user,
                title=request.POST.get("title", ""),
                body=request.POST.get("body", ""),
                now=timezone.now(),
            ),
            success="Thread started.",
            to=here,
            then=lambda thread: reverse("forums:thread_detail", args=[thread.pk]),
        )
    players = []
    if kind == "mafia_den":
        players = list(fv.game.players.only("id", "game_id", "name", "alive"))
    return render(
        request,
        "forums/board_detail.html",
        {
            "game": fv.game,
            "viewer": fv.viewer,
            "fv": fv,
            "board": board,
            "threads": selectors.thread_list(fv, board, page=request.GET.get("page", 1)),
            "may_post": can_post(fv, board),
            "refusal": "" if can_post(fv, board) else post_refusal(fv, board),
            "players": players,
        },
    )


@login_required
@require_POST
def den_member_add(request: HttpRequest, game_id: int) -> HttpResponse:
    fv = forum_game_for(request.user, game_id)
    selectors.board_for(fv, "mafia_den")
    return run_and_redirect(
        request,
        lambda: services.den_member_add(
            game_id=game_id,
            by=request.user,
            player_id=_int(request.POST.get("player_id")),
            now=timezone.now(),
        ),
        success="Added to the Mafia Den.",
        to=reverse("forums:board_detail", args=[game_id, "mafia_den"]),
    )


@login_required
def search(request: HttpRequest, game_id: int) -> HttpResponse:
    fv = forum_game_for(request.user, game_id)
    query = request.GET.get("q", "")
    return render(
        request,
        "forums/search.html",
        {
            "game": fv.game,
            "viewer": fv.viewer,
            "fv": fv,
            "query": query,
            "results": selectors.search(fv, query),
        },
    )


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
