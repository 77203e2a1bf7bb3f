"""Physical item cards: the moderators' print page (one card per item with a QR code of its
claim link) and the claim page a player reaches by scanning a card (R45, R13)."""

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods

from game.errors import GameRuleError, NotFoundError
from game.models import Item
from game.permissions import game_for, moderated_game_for
from game.selectors.dashboard import items_in_play
from game.services.items_offices import item_transfers


def claim_path(item: Item) -> str:
    return reverse("item_claim", args=[item.game_id, item.pk, item.card_secret])


@login_required
def item_cards(request: HttpRequest, game_id: int) -> HttpResponse:
    """One card per item still in play, a few to a printed page."""
    game, viewer = moderated_game_for(request.user, game_id)
    items = items_in_play(viewer)
    summaries = {spec.code: spec.summary for spec in game.rules.items}
    cards = []
    for item in items:
        url = request.build_absolute_uri(claim_path(item))
        svg = segno.make(url, error="m").svg_inline(scale=3)
        cards.append({"item": item, "summary": summaries.get(item.kind, ""), "qr": mark_safe(svg)})  # noqa: S308
    return render(
        request, "game/mod/item_cards.html", {"game": game, "viewer": viewer, "cards": cards}
    )


@login_required
@require_http_methods(["GET", "POST"])
def item_claim(request: HttpRequest, game_id: int, item_id: int, secret: str) -> HttpResponse:
    """The card's link: who may claim the item sees what it is and confirms; anyone else, a
    wrong secret or a used link gets 404 and nothing changes."""
    game, viewer = game_for(request.user, game_id)
    try:
        item = item_transfers.claimable_item(
            game=game, user=request.user, item_id=item_id, secret=secret
        )
        if request.method == "POST":
            item_transfers.item_claim(
                game_id=game.pk, by=request.user, item_id=item_id, secret=secret, now=timezone.now()
            )
            messages.success(request, f"The {item.get_kind_display().lower()} is yours (R45).")
            return redirect("role_card", game_id=game.pk)
    except NotFoundError:
        # One answer for a wrong secret, a used link and an item not offered to this player, so
        # it tells nothing; it says what usually went wrong (R45: the holder offers first).
        return render(
            request, "game/item_claim_unknown.html", {"game": game, "viewer": viewer}, status=404
        )
    except GameRuleError as error:
        messages.error(request, error.message)
        return redirect("role_card", game_id=game.pk)
    return render(request, "game/item_claim.html", {"game": game, "viewer": viewer, "item": item})
