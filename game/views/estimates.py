"""The moderators' balance estimate of their game's setup: the request, the page with the
latest estimates and the progress of a running one (htmx polls it)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from game.forms.estimates import EstimateForm
from game.permissions import moderated_game_for
from game.selectors.estimates import estimable, estimate_of, estimate_view, estimates_of
from game.services.estimates.requests import estimate_request
from game.views.posting import moderator_post


@login_required
@require_GET
def estimates_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = moderated_game_for(request.user, game_id)
    recent = estimates_of(game)
    minimum = game.rules.min_players
    form = EstimateForm(initial={"players": max(game.players.count(), minimum), "games": 2000})
    return render(
        request,
        "game/estimates/page.html",
        {
            "game": game,
            "viewer": viewer,
            "form": form,
            "estimable": estimable(game),
            "latest": estimate_view(recent[0]) if recent else None,
            "earlier": recent[1:],
        },
    )


@login_required
@require_POST
def estimate_request_view(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        EstimateForm(request.POST),
        lambda g, data: estimate_request(
            game_id=g.pk,
            by=request.user,
            players=data["players"],
            games=data["games"],
            seed=data["seed"],
            now=timezone.now(),
        ),
        "The computer players are playing the setup: the page shows their progress.",
        to="mod_estimates",
    )


@login_required
@require_GET
def estimate_detail(request: HttpRequest, game_id: int, estimate_id: int) -> HttpResponse:
    """The page of one estimate; htmx's poll gets its part alone."""
    game, viewer = moderated_game_for(request.user, game_id)
    estimate = estimate_of(game, estimate_id)
    if estimate is None:
        raise Http404("No such estimate.")
    polled = request.headers.get("HX-Request") == "true"
    template = "game/estimates/_estimate.html" if polled else "game/estimates/detail.html"
    context = {"game": game, "viewer": viewer, "shown": estimate_view(estimate)}
    return render(request, template, context)
