from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from game.errors import GameRuleError
from game.forms.games import SignupForm
from game.permissions import can_sign_up, can_withdraw_signup, game_for, may, require
from game.selectors import role_cards
from game.selectors.games import game_state
from game.selectors.log import log_for
from game.selectors.votes import pending_notice
from game.selectors.waiting import waiting_for
from game.services.lobby.signups import signup_create, signup_remove
from game.views.actions import run_and_redirect
from game.views.refusals import mark_refused, refusal_of


@login_required
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    home = game.rules.pages.home
    if home is not None and may(viewer, home.may):
        return redirect(home.page, game_id=game.pk)
    state = game_state(viewer)
    return render(
        request,
        "game/game_detail.html",
        {
            "game": game,
            "viewer": viewer,
            "state": state,
            "recent_log": log_for(viewer, limit=10),
            "notice": pending_notice(viewer),
            "waiting": waiting_for(viewer),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    if not can_sign_up(viewer):
        messages.error(request, "You cannot sign up for this game now.")
        return redirect("game_detail", game_id=game.pk)
    form = SignupForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                signup_create(
                    game_id=game.pk,
                    user=request.user,
                    now=timezone.now(),
                    name=form.cleaned_data["name"],
                    protocol_name=form.cleaned_data["protocol_name"],
                    introduction=form.cleaned_data["introduction"],
                    photo=form.cleaned_data["photo"],
                )
            except GameRuleError as error:
                status = mark_refused(request, refusal_of(request, message=error.message))
            else:
                messages.success(request, f"You are signed up for {game.name}.")
                return redirect("game_detail", game_id=game.pk)
        else:
            status = mark_refused(request, refusal_of(request, form=form))
    return render(request, "game/signup.html", {"game": game, "form": form}, status=status)


@login_required
@require_POST
def signup_withdraw(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(can_withdraw_signup(viewer))
    return run_and_redirect(
        request,
        lambda: signup_remove(
            game_id=game.pk, player_id=viewer.player.pk, by=request.user, now=timezone.now()
        ),
        success="You have withdrawn your sign-up.",
        to="game_detail",
        game_id=game.pk,
    )


@login_required
def role_card(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(viewer.player is not None)
    return render(
        request,
        "game/role_card.html",
        {
            "game": game,
            "viewer": viewer,
            "card": role_cards.role_card(viewer),
            "offers": role_cards.item_offers(viewer),
        },
    )


@login_required
def game_log(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    return render(
        request,
        "game/log.html",
        {
            "game": game,
            "viewer": viewer,
            "entries": log_for(viewer),
        },
    )
