"""API operations on items changing hands (R45): offers answered by the receiver, and destroying
an item, over the same services as the role card (stable operationIds)."""

import datetime as dt

from django.utils import timezone
from ninja import Router, Schema, Status

from game.models import ItemOffer
from game.permissions import can_use_items, game_for, require
from game.services.items_offices import item_transfers

items_router = Router(tags=["items"])


class OfferIn(Schema):
    receiver_id: int


class OfferOut(Schema):
    id: int
    item_id: int
    giver_id: int
    receiver_id: int
    offered_at: dt.datetime
    ended_at: dt.datetime | None
    outcome: str


class ItemOut(Schema):
    id: int
    kind: str
    holder_id: int | None
    destroyed_at: dt.datetime | None


def _allowed(request, game_id: int) -> None:
    _, viewer = game_for(request.user, game_id)
    require(can_use_items(viewer))


@items_router.post(
    "/games/{game_id}/items/{item_id}/offer",
    response={201: OfferOut},
    operation_id="item_transfer_offer",
)
def item_transfer_offer_op(request, game_id: int, item_id: int, payload: OfferIn):
    """Offer an item you hold to a living player; it moves when they accept (R45)."""
    _allowed(request, game_id)
    offer: ItemOffer = item_transfers.item_transfer_offer(
        game_id=game_id,
        by=request.user,
        item_id=item_id,
        receiver_id=payload.receiver_id,
        now=timezone.now(),
    )
    return Status(201, offer)


@items_router.post(
    "/games/{game_id}/item-offers/{offer_id}/accept",
    response=ItemOut,
    operation_id="item_transfer_accept",
)
def item_transfer_accept_op(request, game_id: int, offer_id: int):
    """Accept an item offered to you: it is yours from now (R45)."""
    _allowed(request, game_id)
    return item_transfers.item_transfer_accept(
        game_id=game_id, by=request.user, offer_id=offer_id, now=timezone.now()
    )


@items_router.post(
    "/games/{game_id}/item-offers/{offer_id}/decline",
    response=OfferOut,
    operation_id="item_transfer_decline",
)
def item_transfer_decline_op(request, game_id: int, offer_id: int):
    """Decline an item offered to you; the giver keeps it (R45)."""
    _allowed(request, game_id)
    return item_transfers.item_transfer_decline(
        game_id=game_id, by=request.user, offer_id=offer_id, now=timezone.now()
    )


@items_router.post(
    "/games/{game_id}/items/{item_id}/destroy", response=ItemOut, operation_id="item_destroy"
)
def item_destroy_op(request, game_id: int, item_id: int):
    """Destroy an item you hold (R45)."""
    _allowed(request, game_id)
    return item_transfers.item_destroy(
        game_id=game_id, by=request.user, item_id=item_id, now=timezone.now()
    )


class ClaimIn(Schema):
    secret: str


@items_router.post(
    "/games/{game_id}/items/{item_id}/claim", response=ItemOut, operation_id="item_claim"
)
def item_claim_op(request, game_id: int, item_id: int, payload: ClaimIn):
    """Take an item by its card's claim link: when its holder offered it to you, or you killed
    its holder (R45, R13). A wrong secret, a used link or an item not offered: 404."""
    game_for(request.user, game_id)
    return item_transfers.item_claim(
        game_id=game_id,
        by=request.user,
        item_id=item_id,
        secret=payload.secret,
        now=timezone.now(),
    )
