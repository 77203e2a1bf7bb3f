"""The mafia page (R33-R42, R50): each power's form, built from its spec, with the uses left
shown to every living mafia-aligned player. Moderators use the powers that allow it for the
mafia, with a reason, and record by hand those not in the app yet."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.forms.kills import PowerRecordForm, TrapForm
from game.forms.powers import power_form
from game.permissions import can_moderate, game_for, moderated_game_for, require, sees_mafia
from game.selectors import mafia as mafia_selectors
from game.selectors.powers import power_forms
from game.services.mafia_powers import mafia, power_uses, powers
from game.views.posting import post_form


@login_required
def mafia_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    state = mafia_selectors.mafia_state(viewer)
    return render(
        request,
        "game/mafia/mafia.html",
        {
            "game": game,
            "viewer": viewer,
            "state": state,
            "power_forms": power_forms(viewer, state),
            "powers": [
                (code, game.rules.power(code).name) for code in power_uses.recorded_powers(game)
            ],
        },
    )


def _mafia_post(request, game_id, form_class, action, success) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(sees_mafia(viewer) or can_moderate(viewer))
    return post_form(
        request,
        game,
        form_class(request.POST),
        lambda data: action(game, data),
        success=success,
        to="mafia",
    )


@login_required
@require_POST
def power(request: HttpRequest, game_id: int, power: str) -> HttpResponse:
    """Any power used through its form: the fields, the answer and the service come from its
    spec (a power the rule set lacks is refused by the service, with its message)."""
    game, viewer = game_for(request.user, game_id)
    require(sees_mafia(viewer) or can_moderate(viewer))
    spec = game.rules.power(power) if game.rules.has_power(power) else None
    return post_form(
        request,
        game,
        power_form(spec.inputs if spec else (), request.POST),
        lambda data: powers.power_used(
            game_id=game.pk,
            by=request.user,
            power=power,
            choices=data,
            reason=data["reason"],
            now=timezone.now(),
        ),
        success=spec.done if spec else "",
        to="mafia",
    )


@login_required
@require_POST
def trap(request: HttpRequest, game_id: int) -> HttpResponse:
    return _mafia_post(
        request,
        game_id,
        TrapForm,
        lambda game, data: mafia.mafia_trap_set(
            game_id=game.pk,
            by=request.user,
            power=data["power"],
            target_id=data["target"],
            guessed_role=data["guessed_role"],
            reason=data["reason"],
            now=timezone.now(),
        ),
        "Trap set: the mafia log says whether the guess was right (R36).",
    )


@login_required
@require_POST
def power_record(request: HttpRequest, game_id: int) -> HttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    return post_form(
        request,
        game,
        PowerRecordForm(request.POST),
        lambda data: power_uses.mafia_power_record(
            game_id=game.pk,
            by=request.user,
            power=data["power"],
            target_id=data["target"],
            note=data["note"],
            now=timezone.now(),
        ),
        success="Power use recorded.",
        to="mafia",
    )
