"""The mafia page (R37, R42, R50): Frame, Plant Evidence, Manipulate the Press and the Don, with
the uses left shown to every living mafia-aligned player. Moderators see it and record any
power by hand."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.forms.kills import (
    ConscriptForm,
    DonForm,
    FrameForm,
    HitmanForm,
    PlantEvidenceForm,
    PoisonForm,
    PowerRecordForm,
    PressForm,
    StalkForm,
    TrapForm,
)
from game.permissions import can_moderate, game_for, moderated_game_for, require, sees_mafia
from game.selectors import kills as kill_selectors
from game.services import mafia, stalking
from game.views.posting import post_form


@login_required
def mafia_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    return render(
        request,
        "game/mafia/mafia.html",
        {
            "game": game,
            "viewer": viewer,
            "state": kill_selectors.mafia_state(viewer),
            "roles": [(role.code, role.name) for role in game.rules.roles],
            "alignments": list(game.rules.alignments),
            "powers": [(code, game.rules.power(code).name) for code in mafia.recorded_powers(game)],
            "override": can_moderate(viewer),
            "charges": {power.code: power.charges for power in game.rules.powers},
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
def poison(request: HttpRequest, game_id: int) -> HttpResponse:
    return _mafia_post(
        request,
        game_id,
        PoisonForm,
        lambda game, data: mafia.mafia_poison(
            game_id=game.pk,
            by=request.user,
            victim_id=data["victim"],
            reason=data["reason"],
            now=timezone.now(),
        ),
        "Poisoned: they are told at the start of the next day (R35).",
    )


@login_required
@require_POST
def conscript(request: HttpRequest, game_id: int) -> HttpResponse:
    return _mafia_post(
        request,
        game_id,
        ConscriptForm,
        lambda game, data: mafia.mafia_conscript(
            game_id=game.pk,
            by=request.user,
            target_id=data["target"],
            reason=data["reason"],
            now=timezone.now(),
        ),
        "Conscripted: they are told, and join the Mafia Den (R39).",
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
def hitman(request: HttpRequest, game_id: int) -> HttpResponse:
    return _mafia_post(
        request,
        game_id,
        HitmanForm,
        lambda game, data: mafia.mafia_hitman_hire(
            game_id=game.pk,
            by=request.user,
            hitman_name=data["hitman_name"],
            reason=data["reason"],
            now=timezone.now(),
        ),
        "Hitman hired for the next day (R38).",
    )


@login_required
@require_POST
def stalk(request: HttpRequest, game_id: int) -> HttpResponse:
    return _mafia_post(
        request,
        game_id,
        StalkForm,
        lambda game, data: stalking.mafia_stalk(
            game_id=game.pk,
            by=request.user,
            target_id=data["target"],
            reason=data["reason"],
            now=timezone.now(),
        ),
        "Stalking: a kill they make today will be posted in the Mafia Den (R41).",
    )


@login_required
@require_POST
def frame(request: HttpRequest, game_id: int) -> HttpResponse:
    return _mafia_post(
        request,
        game_id,
        FrameForm,
        lambda game, data: mafia.mafia_frame(
            game_id=game.pk,
            by=request.user,
            suspect_id=data["suspect"],
            victim_id=data["victim"],
            now=timezone.now(),
        ),
        "Framed.",
    )


@login_required
@require_POST
def plant_evidence(request: HttpRequest, game_id: int) -> HttpResponse:
    return _mafia_post(
        request,
        game_id,
        PlantEvidenceForm,
        lambda game, data: mafia.mafia_plant_evidence(
            game_id=game.pk,
            by=request.user,
            target_id=data["target"],
            role=data["role"],
            alignment=data["alignment"],
            now=timezone.now(),
        ),
        "Evidence planted.",
    )


@login_required
@require_POST
def manipulate_press(request: HttpRequest, game_id: int) -> HttpResponse:
    return _mafia_post(
        request,
        game_id,
        PressForm,
        lambda game, data: mafia.mafia_manipulate_press(
            game_id=game.pk,
            by=request.user,
            kill_id=data["kill"],
            location=data["location"],
            now=timezone.now(),
        ),
        "The press is manipulated.",
    )


@login_required
@require_POST
def designate_don(request: HttpRequest, game_id: int) -> HttpResponse:
    return _mafia_post(
        request,
        game_id,
        DonForm,
        lambda game, data: mafia.mafia_designate_don(
            game_id=game.pk, by=request.user, don_id=data["don"], now=timezone.now()
        ),
        "The Don is designated.",
    )


@login_required
@require_POST
def power_record(request: HttpRequest, game_id: int) -> HttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    return post_form(
        request,
        game,
        PowerRecordForm(request.POST),
        lambda data: mafia.mafia_power_record(
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
