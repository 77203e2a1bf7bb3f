"""The role card's own actions: going desperado (R25), tasers (R44), items changing hands (R45),
the stalker's target (R29) and the innocent child's reveal (R27). Each posts to one service and
returns to the role card with its outcome as a message."""

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from game.forms.kills import ItemOfferForm, RevealForm, StalkForm, TaserTargetForm
from game.models import Game
from game.permissions import (
    Viewer,
    can_go_desperado,
    can_reveal_innocence,
    can_stalk,
    can_use_items,
)
from game.services.investigating import desperado
from game.services.items_offices import item_transfers
from game.services.killing import tazings
from game.services.mafia_powers import stalking
from game.views.actions import run_and_redirect
from game.views.posting import game_post, post_form


@game_post(can_go_desperado)
def desperado_request(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return run_and_redirect(
        request,
        lambda: desperado.desperado_request(game_id=game.pk, by=request.user, now=timezone.now()),
        success="Request sent: you go desperado at the start of the next day (R25).",
        to="role_card",
        game_id=game.pk,
    )


@game_post(can_go_desperado)
def desperado_cancel(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return run_and_redirect(
        request,
        lambda: desperado.desperado_cancel(game_id=game.pk, by=request.user, now=timezone.now()),
        success="Request cancelled: you will not go desperado.",
        to="role_card",
        game_id=game.pk,
    )


@game_post(can_use_items)
def taser_write(request: HttpRequest, game: Game, viewer: Viewer, item_id: int) -> HttpResponse:
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


@game_post(can_use_items)
def taser_use(request: HttpRequest, game: Game, viewer: Viewer, item_id: int) -> HttpResponse:
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


@game_post(can_use_items)
def item_offer(request: HttpRequest, game: Game, viewer: Viewer, item_id: int) -> HttpResponse:
    return post_form(
        request,
        game,
        ItemOfferForm(request.POST),
        lambda data: item_transfers.item_transfer_offer(
            game_id=game.pk,
            by=request.user,
            item_id=item_id,
            receiver_id=data["receiver"],
            now=timezone.now(),
        ),
        success="Offer made: the item is theirs when they accept it (R45).",
        to="role_card",
    )


@game_post(can_use_items)
def item_destroy(request: HttpRequest, game: Game, viewer: Viewer, item_id: int) -> HttpResponse:
    return run_and_redirect(
        request,
        lambda: item_transfers.item_destroy(
            game_id=game.pk, by=request.user, item_id=item_id, now=timezone.now()
        ),
        success="Item destroyed (R45).",
        to="role_card",
        game_id=game.pk,
    )


@game_post(can_use_items)
def item_offer_accept(request: HttpRequest, game: Game, viewer: Viewer, offer_id: int):
    return run_and_redirect(
        request,
        lambda: item_transfers.item_transfer_accept(
            game_id=game.pk, by=request.user, offer_id=offer_id, now=timezone.now()
        ),
        success="Accepted: the item is yours (R45).",
        to="role_card",
        game_id=game.pk,
    )


@game_post(can_use_items)
def item_offer_decline(request: HttpRequest, game: Game, viewer: Viewer, offer_id: int):
    return run_and_redirect(
        request,
        lambda: item_transfers.item_transfer_decline(
            game_id=game.pk, by=request.user, offer_id=offer_id, now=timezone.now()
        ),
        success="Declined: the item stays with its holder.",
        to="role_card",
        game_id=game.pk,
    )


@game_post(can_stalk)
def stalker_target_set(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return post_form(
        request,
        game,
        StalkForm(request.POST),
        lambda data: stalking.stalker_target_set(
            game_id=game.pk, by=request.user, target_id=data["target"], now=timezone.now()
        ),
        success="You stalk them today: if they make a kill today you are told (R29).",
        to="role_card",
    )


@game_post(can_reveal_innocence)
def innocent_child_reveal(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return post_form(
        request,
        game,
        RevealForm(request.POST),
        lambda data: stalking.innocent_child_reveal(
            game_id=game.pk, by=request.user, target_id=data["target"], now=timezone.now()
        ),
        success="They are told that you are an innocent child (R27).",
        to="role_card",
    )
