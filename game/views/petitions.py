"""The petitions pages (R46, R47): the list with the offices' holders and a form to start one,
and each petition with its signers and count; signing, withdrawing and using post to one
service each."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from game.forms.petitions import PetitionForm
from game.models import Game
from game.permissions import Viewer, can_petition, game_for
from game.selectors import petitions as reads
from game.services.items_offices import mafia_counts, petitions
from game.views.actions import run_and_redirect
from game.views.posting import game_post, post_form


@login_required
def petition_list(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    return render(
        request,
        "game/petitions/list.html",
        {"game": game, "viewer": viewer, "page": reads.petitions_page(viewer)},
    )


@login_required
def petition_detail(request: HttpRequest, game_id: int, petition_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    return render(
        request,
        "game/petitions/detail.html",
        {"game": game, "viewer": viewer, "item": reads.petition_detail(viewer, petition_id)},
    )


@game_post(can_petition)
def petition_create(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return post_form(
        request,
        game,
        PetitionForm(request.POST),
        lambda data: petitions.petition_create(
            game_id=game.pk,
            by=request.user,
            kind=data["kind"],
            office=data["office"],
            candidate_id=data["candidate"],
            now=timezone.now(),
        ),
        success="Petition started. Ask the others to sign it (R47).",
        to="petitions",
    )


def _on_petition(request, game: Game, petition_id: int, service, success: str) -> HttpResponse:
    return run_and_redirect(
        request,
        lambda: service(
            game_id=game.pk, by=request.user, petition_id=petition_id, now=timezone.now()
        ),
        success=success,
        to="petition_detail",
        game_id=game.pk,
        petition_id=petition_id,
    )


@game_post(can_petition)
def petition_sign(request: HttpRequest, game: Game, viewer: Viewer, petition_id: int):
    return _on_petition(request, game, petition_id, petitions.petition_sign, "You signed.")


@game_post(can_petition)
def petition_withdraw(request: HttpRequest, game: Game, viewer: Viewer, petition_id: int):
    return _on_petition(
        request,
        game,
        petition_id,
        petitions.petition_withdraw_signature,
        "Your signature is withdrawn.",
    )


@game_post(can_petition)
def petition_use(request: HttpRequest, game: Game, viewer: Viewer, petition_id: int):
    return _on_petition(
        request,
        game,
        petition_id,
        petitions.petition_use,
        "Petition used: it is announced in Town Square.",
    )


@game_post(can_petition)
def mayor_count_mafia(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return run_and_redirect(
        request,
        lambda: mafia_counts.mayor_count_mafia(
            game_id=game.pk, by=request.user, now=timezone.now()
        ),
        success="Count the Mafia asked. The answer will appear in your log (R48).",
        to="petitions",
        game_id=game.pk,
    )
