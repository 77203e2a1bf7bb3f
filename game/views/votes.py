"""The voter's page, the public tally per day (R50), the game-over page and the one-click
acknowledgement of an inactivity notice (R49)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from game import selectors
from game.errors import GameRuleError
from game.forms.games import VoteForm
from game.models import GameStatus
from game.permissions import game_for, require
from game.selectors import votes as vote_selectors
from game.services.notices import inactivity_notice_ack
from game.services.votes import vote_cast
from game.views.actions import form_errors_message, run_and_redirect


@login_required
@require_http_methods(["GET", "POST"])
def vote(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(viewer.player is not None)
    page = vote_selectors.vote_page(viewer, timezone.now())
    form = VoteForm(
        request.POST or None,
        candidates=page.candidates,
        no_execution=page.no_execution_allowed,
        initial={"day": page.vote_day},
    )
    if request.method == "POST":
        if not page.may_vote:
            messages.error(request, "Only living players of a running game can vote (R5).")
        elif request.POST.get("voter", str(viewer.player.pk)) != str(viewer.player.pk):
            messages.error(request, "You can only cast your own vote.")
        elif not form.is_valid():
            form_errors_message(request, form)
        else:
            _cast(request, viewer.player.pk, game.pk, form)
        return redirect("vote", game_id=game.pk)
    return render(
        request, "game/vote.html", {"game": game, "viewer": viewer, "page": page, "form": form}
    )


def _cast(request: HttpRequest, voter_id: int, game_id: int, form: VoteForm) -> None:
    data = form.cleaned_data
    try:
        cast = vote_cast(
            game_id=game_id,
            voter_id=voter_id,
            target_id=form.target_id(),
            fallback_id=form.fallback_id(),
            condition=data["condition"],
            note=data["note"],
            for_day=data["day"],
            now=timezone.now(),
        )
    except GameRuleError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"Your vote for day {cast.day} is recorded.")


@login_required
def tally(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    raw_day = request.GET.get("day", "")
    day = int(raw_day) if raw_day.isdigit() else None
    page = vote_selectors.tally_page(viewer, day, timezone.now())
    return render(request, "game/votes.html", {"game": game, "viewer": viewer, "page": page})


@login_required
def game_over(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every role, the whole log and the vote history, for every signed-in user (R50)."""
    game, viewer = game_for(request.user, game_id)
    require(game.status == GameStatus.FINISHED)
    return render(
        request,
        "game/game_over.html",
        {
            "game": game,
            "viewer": viewer,
            "state": selectors.game_state(viewer),
            "entries": selectors.log_for(viewer),
            "page": vote_selectors.tally_page(viewer, None, timezone.now()),
        },
    )


@login_required
@require_POST
def notice_ack(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(viewer.player is not None)
    return run_and_redirect(
        request,
        lambda: inactivity_notice_ack(game_id=game.pk, user=request.user, now=timezone.now()),
        success="Thanks: the moderators know you are still playing.",
        to="game_detail",
        game_id=game.pk,
    )
