"""The role card's own actions: going desperado (R25) and tasers (R44). Each posts to one
service and returns to the role card with its outcome as a message."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.kill_forms import TaserTargetForm
from game.permissions import can_go_desperado, can_use_items, game_for, require
from game.services import desperado, tazings
from game.views.actions import run_and_redirect
from game.views.posting import post_form


@login_required
@require_POST
def desperado_request(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(can_go_desperado(viewer))
    return run_and_redirect(
        request,
        lambda: desperado.desperado_request(game_id=game.pk, by=request.user, now=timezone.now()),
        success="Request sent: you go desperado at the start of the next day (R25).",
        to="role_card",
        game_id=game.pk,
    )


@login_required
@require_POST
def desperado_cancel(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(can_go_desperado(viewer))
    return run_and_redirect(
        request,
        lambda: desperado.desperado_cancel(game_id=game.pk, by=request.user, now=timezone.now()),
        success="Request cancelled: you will not go desperado.",
        to="role_card",
        game_id=game.pk,
    )


@login_required
@require_POST
def taser_write(request: HttpRequest, game_id: int, item_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(can_use_items(viewer))
    return post_form(
        request,
        game,
        TaserTargetForm(request.POST),
        lambda data: tazings.taser_write(
            game_id=game.pk,
            by=request.user,
            item_id=item_id,
            target_id=data["target"],
            now=timezone.now(),
        ),
        success="Name written on the taser. It works in 5 minutes (R44).",
        to="role_card",
    )


@login_required
@require_POST
def taser_use(request: HttpRequest, game_id: int, item_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(can_use_items(viewer))
    return post_form(
        request,
        game,
        TaserTargetForm(request.POST),
        lambda data: tazings.taser_use(
            game_id=game.pk,
            by=request.user,
            item_id=item_id,
            target_id=data["target"],
            now=timezone.now(),
        ),
        success="Tazing reported: your target can make no kill for the rest of today (R44).",
        to="role_card",
    )
