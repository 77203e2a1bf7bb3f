"""Items changing hands (R45): offers, the receiver's acceptance or refusal, destroying an item,
and the offers a death or the item's use ends. Logged for the two players and the moderators
only (R50)."""

import datetime as dt

from django.db import transaction
from django.utils.crypto import constant_time_compare

from game.errors import GameRuleError, NotFoundError
from game.models import Game, Item, ItemOffer, Kill, KillStatus, Player, User, Visibility
from game.models.items import new_card_secret
from game.rulesets.live_action import item_transfers as rules
from game.rulesets.live_action.item_cards import claim_allowed
from game.rulesets.live_action.item_transfers import ItemState
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player


def _state(item: Item) -> ItemState:
    holder = item.holder
    return ItemState(
        holder=item.holder_id,
        holder_alive=holder is not None and holder.alive,
        destroyed=item.destroyed_at is not None,
    )


def _held_item(game: Game, item_id: int, holder: Player) -> Item:
    """The item, if `holder` holds it: an item in another hand answers as a missing one, so
    that no player learns how many items were dealt (R50 keeps that for the moderators)."""
    item = Item.objects.select_related("holder").filter(game=game, pk=item_id).first()
    if item is None or item.holder_id != holder.pk:
        raise NotFoundError("No such item in this game.")
    return item


def _offer(game: Game, offer_id: int, viewer: Player) -> ItemOffer:
    """The offer, if `viewer` gave or received it; others' offers answer as missing ones (R50)."""
    offer = (
        ItemOffer.objects.select_related("item__holder", "giver", "receiver")
        .filter(game=game, pk=offer_id)
        .first()
    )
    if offer is None or viewer.pk not in (offer.giver_id, offer.receiver_id):
        raise NotFoundError("No such offer in this game.")
    return offer


def _end(offer: ItemOffer, outcome: str, now: dt.datetime) -> None:
    offer.ended_at, offer.outcome = now, outcome
    offer.save(update_fields=["ended_at", "outcome"])


def _private(game: Game, kind: str, text: str, players: list[Player], now, by=None) -> None:
    log_append(
        game=game,
        kind=kind,
        text=text,
        visibility=Visibility.PLAYERS,
        recipients=players,
        now=now,
        actor=by,
    )


@transaction.atomic
def item_transfer_offer(
    *, game_id: int, by: User, item_id: int, receiver_id: int, now: dt.datetime
) -> ItemOffer:
    """The holder offers an item to a named player; it moves when they accept (R45)."""
    game = lock_game(game_id)
    giver = running_game_player(game, by)
    item = _held_item(game, item_id, giver)
    receiver = player_of(game, receiver_id, what="The receiver")
    refusal = rules.offer_refusal(
        _state(item), giver=giver.pk, receiver=receiver.pk, receiver_alive=receiver.alive
    )
    if refusal is not None:
        raise GameRuleError(refusal.render({receiver.pk: receiver.name}), field="receiver")
    for replaced in ItemOffer.objects.filter(item=item, ended_at__isnull=True):
        _end(replaced, ItemOffer.Outcome.LAPSED, now)
    offer = ItemOffer.objects.create(
        game=game, item=item, giver=giver, receiver=receiver, offered_at=now
    )
    _private(
        game,
        "item_offered",
        f"{giver.name} offered {receiver.name} a {item.get_kind_display().lower()} (R45).",
        [giver, receiver],
        now,
        by,
    )
    return offer


def _answerable(game: Game, by: User, offer_id: int) -> tuple[ItemOffer, Player]:
    receiver = running_game_player(game, by)
    offer = _offer(game, offer_id, receiver)
    state = _state(offer.item)
    refusal = rules.answer_refusal(
        state,
        offer_open=offer.is_open,
        giver=offer.giver_id,
        receiver=offer.receiver_id,
        receiver_alive=receiver.alive,
        asker=receiver.pk,
    )
    if refusal is not None:
        raise GameRuleError(str(refusal))
    return offer, receiver


@transaction.atomic
def item_transfer_accept(*, game_id: int, by: User, offer_id: int, now: dt.datetime) -> Item:
    """The receiver accepts: the item is theirs from now (R45)."""
    game = lock_game(game_id)
    offer, receiver = _answerable(game, by, offer_id)
    item = offer.item
    item.holder = receiver
    item.save(update_fields=["holder"])
    _end(offer, ItemOffer.Outcome.ACCEPTED, now)
    _private(
        game,
        "item_transferred",
        f"{receiver.name} accepted the {item.get_kind_display().lower()} from "
        f"{offer.giver.name} (R45).",
        [offer.giver, receiver],
        now,
        by,
    )
    return item


@transaction.atomic
def item_transfer_decline(*, game_id: int, by: User, offer_id: int, now: dt.datetime) -> ItemOffer:
    """The receiver declines; the giver keeps the item (R45)."""
    game = lock_game(game_id)
    offer, receiver = _answerable(game, by, offer_id)
    _end(offer, ItemOffer.Outcome.DECLINED, now)
    _private(
        game,
        "item_offer_declined",
        f"{receiver.name} declined the {offer.item.get_kind_display().lower()} from "
        f"{offer.giver.name} (R45).",
        [offer.giver, receiver],
        now,
        by,
    )
    return offer


@transaction.atomic
def item_destroy(*, game_id: int, by: User, item_id: int, now: dt.datetime) -> Item:
    """The holder destroys their item (R45); an open offer of it ends."""
    game = lock_game(game_id)
    holder = running_game_player(game, by)
    item = _held_item(game, item_id, holder)
    refusal = rules.destroy_refusal(_state(item), asker=holder.pk)
    if refusal is not None:
        raise GameRuleError(str(refusal))
    item.destroyed_at = now
    item.save(update_fields=["destroyed_at"])
    item_offers_end(item, now)
    _private(
        game,
        "item_destroyed",
        f"{holder.name} destroyed their {item.get_kind_display().lower()} (R45).",
        [holder],
        now,
        by,
    )
    return item


def item_offers_end(item: Item, now: dt.datetime) -> None:
    """The item is used or destroyed: its open offer ends (R45). An item that moves by a kill or
    an override leaves its offer open in the table, but no longer standing (the rules'
    `still_offered`): pages do not show it and its acceptance is refused."""
    ItemOffer.objects.filter(item=item, ended_at__isnull=True).update(
        ended_at=now, outcome=ItemOffer.Outcome.LAPSED
    )


def offers_after_death(game: Game, player: Player, at: dt.datetime) -> None:
    """Death hook (R45): an offer ends when either player dies."""
    ended = ItemOffer.objects.filter(game=game, ended_at__isnull=True)
    for offer in ended.filter(giver=player) | ended.filter(receiver=player):
        _end(offer, ItemOffer.Outcome.LAPSED, at)


def _claimable(game: Game, item: Item, claimer: Player) -> tuple[bool, ItemOffer | None]:
    """Whether the claimer may claim the item, and the standing offer the claim accepts (None
    for a dead holder's killer, R13)."""
    offer = (
        ItemOffer.objects.filter(
            item=item, giver=item.holder_id, receiver=claimer, ended_at__isnull=True
        ).first()
        if item.holder_id
        else None
    )
    killed_by = None
    if item.holder is not None and not item.holder.alive:
        kill = Kill.objects.filter(
            game=game, victim=item.holder, status=KillStatus.CONFIRMED
        ).first()
        killed_by = kill.killer_id if kill else None
    allowed = claim_allowed(
        _state(item),
        claimer=claimer.pk,
        claimer_alive=claimer.alive,
        offered_by_holder_to_claimer=offer is not None,
        holder_killed_by=killed_by,
    )
    return allowed, offer


def claimable_item(*, game: Game, user: User, item_id: int, secret: str) -> Item:
    """The item a card's claim link names, if this user may claim it now; NotFoundError for a
    wrong secret, a used link, or an item the user may not claim (nothing is revealed)."""
    item = Item.objects.select_related("holder").filter(game=game, pk=item_id).first()
    claimer = game.players.filter(user=user).first()
    if (
        item is None
        or claimer is None
        or not constant_time_compare(item.card_secret, secret)
        or not _claimable(game, item, claimer)[0]
    ):
        raise NotFoundError("No such item card.")
    return item


@transaction.atomic
def item_claim(*, game_id: int, by: User, item_id: int, secret: str, now: dt.datetime) -> Item:
    """A player who scanned an item card takes the item (R45 acceptance, or R13 for the dead
    holder's killer). The card's secret changes, so the link claims nothing again."""
    game = lock_game(game_id)
    item = claimable_item(game=game, user=by, item_id=item_id, secret=secret)
    claimer = game.players.get(user=by)
    _, offer = _claimable(game, item, claimer)
    former = item.holder
    item.holder = claimer
    item.card_secret = new_card_secret()
    item.save(update_fields=["holder", "card_secret"])
    if offer is not None:
        _end(offer, ItemOffer.Outcome.ACCEPTED, now)
    _private(
        game,
        "item_claimed",
        f"{claimer.name} claimed the {item.get_kind_display().lower()} of {former.name} by its "
        "card (R45).",
        [former, claimer],
        now,
        by,
    )
    return item
