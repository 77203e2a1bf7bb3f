"""The pages of HP games (seed 000): the solo game's start (for a signed-out visitor too, as a
guest), a round on one screen (the prompt, the choice, what happened, Play again at the end)
and the rule set's rules page."""

from allauth.core import ratelimit
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from game.errors import GameRuleError
from game.forms.hp import CHARACTER_CHOICES, HpChoiceForm, HpSoloForm
from game.permissions import can_take_hp_turn, game_for, is_guest, require
from game.rulesets.hp import HP
from game.rulesets.hp.setup import counts_for
from game.rulesets.phases import NIGHT
from game.selectors.hp import hp_round
from game.services.days.votes import vote_cast
from game.services.hp.actions import hp_pick
from game.services.hp.solo import hp_solo_create
from game.services.lobby.guests import guest_create
from game.views.actions import form_refused
from game.views.refusals import refusal_of, refused_page

TOO_MANY_GUESTS = "Too many new games from here just now: wait a minute, then start again."
GUEST_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _player_for(request: HttpRequest):
    """The signed-in user, or a new guest signed in in this browser (game.permissions.guests);
    None when this address has started too many lately (the sign-up's limit)."""
    if request.user.is_authenticated:
        return request.user
    if not ratelimit.consume(request, action="signup"):
        return None
    guest = guest_create()
    login(request, guest, backend=GUEST_BACKEND)
    return guest


@require_POST
def hp_solo_new(request: HttpRequest) -> HttpResponse:
    """Start a solo game (H10): from the home page, or Play again at a game's end."""
    form = HpSoloForm(request.POST)
    if not form.is_valid():
        return form_refused(request, form, "home")
    user = _player_for(request)
    if user is None:
        return refused_page(request, refusal_of(request, message=TOO_MANY_GUESTS), reverse("home"))
    try:
        game = hp_solo_create(user=user, now=timezone.now(), **form.cleaned_data)
    except GameRuleError as error:
        refusal = refusal_of(request, message=error.message, field=error.field)
        return refused_page(request, refusal, reverse("home"))
    return redirect("hp_game", game_id=game.pk)


@login_required
@require_GET
def hp_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    context = {
        "game": game,
        "seer": viewer,
        "viewer": viewer,
        "round": hp_round(viewer),
        "characters": CHARACTER_CHOICES,
        "guest": is_guest(request.user),
    }
    return render(request, "game/hp/game.html", context)


@login_required
@require_POST
def hp_choose(request: HttpRequest, game_id: int) -> HttpResponse:
    """The night pick or the vote, whichever the round asks of the player now; a refusal comes
    back on the round's page, in its error summary."""
    game, viewer = game_for(request.user, game_id)
    require(viewer.player is not None)
    page = reverse("hp_game", args=[game.pk])
    form = HpChoiceForm(request.POST)
    if not form.is_valid():
        return refused_page(request, refusal_of(request, message="Choose a player."), page)
    if not can_take_hp_turn(viewer):
        message = "You are out of the game: you watch it to the end."
        return refused_page(request, refusal_of(request, message=message), page)
    try:
        _choose(game, viewer.player, form.cleaned_data["target"])
    except GameRuleError as error:
        return refused_page(request, refusal_of(request, message=error.message), page)
    return redirect("hp_game", game_id=game.pk)


def _choose(game, player, target_id: int) -> None:
    """The group's night pick (H3), or the vote of the shared day (H8)."""
    if game.current_phase == NIGHT:
        hp_pick(player=player, target_id=target_id, now=timezone.now())
    else:
        vote_cast(game_id=game.pk, voter_id=player.pk, target_id=target_id, now=timezone.now())


@require_GET
def hp_rules(request: HttpRequest) -> HttpResponse:
    tables = [(n, counts_for(n)) for n in (5, 10, 15, 20)]
    return render(request, "game/hp/rules.html", {"ruleset": HP, "tables": tables})
