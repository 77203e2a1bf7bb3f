"""A game's statistics (with its review: `can_see_review`) and the statistics of each setup
over the finished games played with it."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from game.permissions import can_see_review, game_for, require
from game.selectors.stats.game_stats import game_stats
from game.selectors.stats.setups import setup_hash_of, setup_statistics, setup_statistics_of


@login_required
@require_GET
def game_stats_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(can_see_review(viewer))
    return render(
        request,
        "game/stats/game.html",
        {"game": game, "viewer": viewer, "stats": game_stats(game), "setup": setup_hash_of(game)},
    )


@login_required
@require_GET
def setup_list(request: HttpRequest) -> HttpResponse:
    return render(request, "game/stats/setups.html", {"setups": setup_statistics()})


@login_required
@require_GET
def setup_detail(request: HttpRequest, setup_hash: str) -> HttpResponse:
    stats = setup_statistics_of(setup_hash)
    if stats is None:
        raise Http404("No such setup.")
    return render(request, "game/stats/setup.html", {"stats": stats})
