"""A finished game's review (the reveal) and the moderators' switch that opens it to everyone."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from game.forms.review import ReviewPublishForm
from game.models import GameStatus
from game.permissions import can_open_review, game_for, moderated_game_for
from game.selectors.review import game_review
from game.services.review.publish import review_publish
from game.views.actions import form_refused, run_and_redirect


def _player_filter(raw: str) -> int | None:
    return int(raw) if raw.isdigit() and len(raw) < 12 else None


@login_required
@require_GET
def review(request: HttpRequest, game_id: int) -> HttpResponse:
    """Filters by player (`?player=id`) and by phase (`?phase=Night 1`); the page's address with
    its filters is the link to share."""
    game, viewer = game_for(request.user, game_id)
    shown = game_review(
        viewer,
        player=_player_filter(request.GET.get("player", "")),
        phase=request.GET.get("phase", "")[:40],
    )
    return render(
        request,
        "game/review/review.html",
        {
            "game": game,
            "viewer": viewer,
            "review": shown,
            "share_url": request.build_absolute_uri(),
            "publish": ReviewPublishForm(initial={"public": game.review_public})
            if can_open_review(viewer)
            else None,
        },
    )


@login_required
@require_POST
def review_publish_view(request: HttpRequest, game_id: int) -> HttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    form = ReviewPublishForm(request.POST)
    # The review exists once the game is over; before, the switch is on the dashboard.
    back = "game_review" if game.status == GameStatus.FINISHED else "mod_dashboard"
    if not form.is_valid():
        return form_refused(request, form, back, game_id=game.pk)
    public = form.cleaned_data["public"]
    return run_and_redirect(
        request,
        lambda: review_publish(game_id=game.pk, by=request.user, public=public, now=timezone.now()),
        success="Everyone signed in may read the review once the game is over."
        if public
        else "Only the game's players and moderators may read the review.",
        to=back,
        game_id=game.pk,
    )
