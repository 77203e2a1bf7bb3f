"""The voter's page, the public tally per day (R50), the game-over page and the one-click
acknowledgement of an inactivity notice (R49)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from game.errors import GameRuleError
from game.forms.days import VoteForm
from game.models import Game, GameStatus
from game.permissions import Viewer, game_for, require
from game.selectors import archive
from game.selectors import votes as vote_selectors
from game.selectors.games import game_state, winners
from game.selectors.log import log_for
from game.services.days.votes import vote_cast
from game.services.lobby.notices import inactivity_notice_ack
from game.views.actions import run_and_redirect
from game.views.refusals import Refusal, mark_refused, refusal_of


@login_required
@require_http_methods(["GET", "POST"])
def vote(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(viewer.player is not None)
    page = vote_selectors.vote_page(viewer, timezone.now())
    form = VoteForm(
        request.POST or None,
        candidates=page.candidates,
        texts=page.rules.texts,
        no_execution=page.no_execution_allowed,
        initial={"day": page.vote_day},
        names=dict(game.players.values_list("pk", "name")) if request.method == "POST" else None,
    )
    status = 200
    if request.method == "POST":
        why_not = _why_not(game, viewer, page)
        refusal = _refusal(request, viewer.player.pk, why_not, form) or _cast(
            request, viewer.player.pk, game.pk, form
        )
        if refusal is None:
            return redirect("vote", game_id=game.pk)
        status = mark_refused(request, refusal)
    return render(
        request,
        "game/vote.html",
        {"game": game, "viewer": viewer, "page": page, "form": form},
        status=status,
    )


def _why_not(game: Game, viewer: Viewer, page: vote_selectors.VotePage) -> str:
    """Why the viewer may not vote now, in their case's words and their rule set's; "" when
    they may."""
    if page.may_vote:
        return ""
    if game.status == GameStatus.FINISHED:
        return "The game is over: votes are closed."
    if viewer.player is not None and not viewer.player.alive:
        return f"You are dead. {page.rules.texts.dead_voter}"
    return page.why_not or page.rules.texts.cannot_vote


def _refusal(request: HttpRequest, voter_id: int, why_not: str, form: VoteForm) -> Refusal | None:
    if why_not:
        return refusal_of(request, message=why_not)
    if request.POST.get("voter", str(voter_id)) != str(voter_id):
        return refusal_of(request, message="You can only cast your own vote.")
    if not form.is_valid():
        return refusal_of(request, form=form)
    return None


def _cast(request: HttpRequest, voter_id: int, game_id: int, form: VoteForm) -> Refusal | None:
    """Cast the vote; the refusal when the rules refuse it, else None."""
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
        )
    except GameRuleError as error:
        if error.field in form.fields:
            form.add_error(error.field, error.message)
            return refusal_of(request, form=form)
        return refusal_of(request, form=form, message=error.message)
    messages.success(request, f"Your vote for day {cast.day} is recorded.")
    return None


@login_required
def tally(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    raw_day = request.GET.get("day", "")
    day = int(raw_day) if raw_day.isdigit() else None
    page = vote_selectors.tally_page(viewer, day, timezone.now())
    return render(request, "game/votes.html", {"game": game, "viewer": viewer, "page": page})


@login_required
def game_over(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every role, the whole log, the vote history and the confirmed kills with how they were
    made, for every signed-in user: R50 keeps them secret while the game runs, and nothing is
    left to protect once it is over."""
    game, viewer = game_for(request.user, game_id)
    require(game.status == GameStatus.FINISHED)
    return render(
        request,
        "game/game_over.html",
        {
            "game": game,
            "viewer": viewer,
            "state": game_state(viewer),
            "entries": log_for(viewer),
            "page": vote_selectors.tally_page(viewer, None, timezone.now()),
            "kills": archive.archived_kills(viewer),
            "roster": archive.final_roster(viewer, winners(game)),
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
