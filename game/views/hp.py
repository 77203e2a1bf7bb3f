"""The pages of HP games (seed 000): the solo game's start, a round on one screen (the prompt,
the choice, what happened) and the rule set's rules page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from game.errors import GameRuleError
from game.forms.hp import HpChoiceForm, HpSoloForm
from game.permissions import can_take_hp_turn, game_for, require
from game.rulesets.hp import HP
from game.rulesets.hp.setup import counts_for
from game.rulesets.phases import NIGHT
from game.selectors.hp import hp_round
from game.services.hp.actions import hp_pick, hp_vote
from game.services.hp.solo import hp_solo_create


@login_required
@require_POST
def hp_solo_new(request: HttpRequest) -> HttpResponse:
    form = HpSoloForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(errors))
        return redirect("home")
    try:
        game = hp_solo_create(user=request.user, now=timezone.now(), **form.cleaned_data)
    except GameRuleError as error:
        messages.error(request, error.message)
        return redirect("home")
    return redirect("hp_game", game_id=game.pk)


@login_required
@require_GET
def hp_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    context = {"game": game, "seer": viewer, "viewer": viewer, "round": hp_round(viewer)}
    return render(request, "game/hp/game.html", context)


@login_required
@require_POST
def hp_choose(request: HttpRequest, game_id: int) -> HttpResponse:
    """The night pick or the vote, whichever the round asks of the player now."""
    game, viewer = game_for(request.user, game_id)
    require(viewer.player is not None)
    form = HpChoiceForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a player.")
        return redirect("hp_game", game_id=game.pk)
    if not can_take_hp_turn(viewer):
        messages.error(request, "You are out of the game: you watch it to the end.")
        return redirect("hp_game", game_id=game.pk)
    act = hp_pick if game.current_phase == NIGHT else hp_vote
    try:
        act(player=viewer.player, target_id=form.cleaned_data["target"], now=timezone.now())
    except GameRuleError as error:
        messages.error(request, error.message)
    return redirect("hp_game", game_id=game.pk)


@require_GET
def hp_rules(request: HttpRequest) -> HttpResponse:
    tables = [(n, counts_for(n)) for n in (5, 10, 15, 20)]
    return render(request, "game/hp/rules.html", {"ruleset": HP, "tables": tables})
