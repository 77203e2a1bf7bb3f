"""A game's rules page, the recent deaths and the introductions, and the archive of finished
games: reads only."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from game.permissions import game_for
from game.selectors import archive


@login_required
def game_rules(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    return render(
        request,
        "game/archive/rules.html",
        {"game": game, "viewer": viewer, "page": archive.rules_page(viewer)},
    )


@login_required
def deaths(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    return render(
        request,
        "game/archive/deaths.html",
        {"game": game, "viewer": viewer, "deaths": archive.recent_deaths(viewer)},
    )


@login_required
def introductions(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    players, photos = archive.introductions(viewer)
    return render(
        request,
        "game/archive/introductions.html",
        {"game": game, "viewer": viewer, "players": players, "show_photos": photos},
    )


@login_required
def archive_list(request: HttpRequest) -> HttpResponse:
    raw_page = request.GET.get("page", "1")
    page = int(raw_page) if raw_page.isdigit() and len(raw_page) < 6 else 1
    games = archive.finished_games(page=page)
    return render(
        request,
        "game/archive/list.html",
        {
            "games": games[: archive.ARCHIVE_PAGE_SIZE],
            "page": page,
            "has_next": len(games) > archive.ARCHIVE_PAGE_SIZE,
        },
    )
