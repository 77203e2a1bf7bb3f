"""The viewer's own role card (R50): their role and team, partner and fellow mafia, items, and
what the role and items let them do now (tasers R44, the desperado, poison R35, stalking R29,
the innocent child's reveal, item offers R45)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import F, Q, QuerySet

from game.models import (
    DesperadoRequest,
    DueEvent,
    Game,
    GameStatus,
    Item,
    ItemOffer,
    Player,
    Stalking,
)
from game.permissions import Viewer, sees_mafia
from game.rulesets.base import MAFIA, RoleSpec
from game.rulesets.live_action.items.taser import ITEM as TASER
from game.rulesets.live_action.items.taser import taser_ready_at
from game.rulesets.live_action.powers import poison
from game.rulesets.live_action.roles import desperado, innocent_child, stalker


@dataclass(frozen=True)
class TaserView:
    """A held taser (R44): the name on it, and from when it can be used."""

    item: Item
    usable_from: dt.datetime | None


@dataclass(frozen=True)
class RoleCardView:
    """The viewer's card: the role of the active card of their hand (`Ruleset.active_roles`:
    the top card, as a Red Queen after the number card over it is lost, M2, M5), the roles of
    their other active cards (`also`), and the team they play for (a conscript's is the mafia,
    R39)."""

    player: Player
    role: RoleSpec | None
    team: str
    partner: Player | None
    fellow_mafia: list[Player]
    items: list[Item]
    tasers: list[TaserView] = field(default_factory=list)
    taser_targets: list[Player] = field(default_factory=list)
    desperado_request: DesperadoRequest | None = None
    desperado_dies_after_day: int | None = None
    poisoned_dies_on_day: int | None = None
    stalked_today: Player | None = None
    stalk_targets: list[Player] = field(default_factory=list)
    reveal_targets: list[Player] = field(default_factory=list)
    also: list[RoleSpec] = field(default_factory=list)


def poisoned_dies_on_day(game: Game, player: Player) -> int | None:
    """The day at whose end the player dies of poison, once they have been told (the start of
    the day after the poisoning, R35); None before that or when not poisoned. One query."""
    due = (
        DueEvent.objects.filter(
            game=game,
            subject=player,
            kind=poison.DEATH.event_kind,
            done_at__isnull=True,
            cancelled_at__isnull=True,
        )
        .order_by("day")
        .values_list("day", flat=True)
        .first()
    )
    if due is None or not poison.victim_told(dies_on=due, today=game.current_day):
        return None
    return due


def role_card(viewer: Viewer) -> RoleCardView | None:
    """The viewer's own card: role, what it can do, partner, fellow mafia, items."""
    player = viewer.player
    if player is None:
        return None
    if viewer.game.status == GameStatus.SIGNUP:
        return RoleCardView(player, None, "", None, [], [])
    rules = viewer.game.rules
    active = [
        rules.role(code)
        for code in rules.active_roles(player.role, player.state)
        if rules.has_role(code)
    ]
    role = active[0] if active else None
    team = (
        rules.team_label(rules.alignment_of(player.role, conscripted=player.conscripted))
        if role is not None
        else ""
    )
    partner = None
    if role is not None and role.group_size == 2 and player.partner_id:
        partner = Player.objects.filter(pk=player.partner_id).first()
    fellow_mafia: list[Player] = []
    if sees_mafia(viewer):
        mafia_roles = [r.code for r in rules.roles if r.alignment == MAFIA]
        fellow_mafia = list(
            viewer.game.players.exclude(pk=player.pk).filter(
                Q(role__in=mafia_roles) | Q(conscripted=True)
            )
        )
    items = list(player.items.filter(destroyed_at__isnull=True).select_related("taser_target"))
    tasers = [
        TaserView(
            i, taser_ready_at(i.taser_target_written_at) if i.taser_target_written_at else None
        )
        for i in items
        if i.kind == TASER.code
    ]
    taser_targets: list[Player] = []
    if player.alive and any(t.item.taser_target_id is None for t in tasers):
        taser_targets = list(
            viewer.game.players.filter(alive=True)
            .exclude(pk=player.pk)
            .only("id", "name", "game_id")
        )
    desperado_request = None
    if player.role == desperado.ROLE.code:
        desperado_request = DesperadoRequest.objects.filter(
            player=player, cancelled_at__isnull=True, applied_at__isnull=True
        ).first()
    dies = desperado.death_day(player.desperado_since_day) if player.desperado_since_day else None
    stalked_today, stalk_targets = _stalker_choices(viewer.game, player)
    reveal_targets: list[Player] = []
    if player.alive and player.role == innocent_child.ROLE.code:
        reveal_targets = list(
            viewer.game.players.filter(alive=True)
            .exclude(pk=player.pk)
            .only("id", "name", "game_id")
        )
    return RoleCardView(
        player,
        role,
        team,
        partner,
        fellow_mafia,
        items,
        tasers,
        taser_targets,
        desperado_request,
        dies,
        poisoned_dies_on_day(viewer.game, player) if player.alive else None,
        stalked_today,
        stalk_targets,
        reveal_targets,
        active[1:],
    )


@dataclass(frozen=True)
class ItemOffers:
    """R45 on the role card: whom the viewer may offer an item to, their standing offers by
    item, and the standing offers made to them."""

    receivers: list[Player] = field(default_factory=list)
    made: dict[int, ItemOffer] = field(default_factory=dict)
    to_me: list[ItemOffer] = field(default_factory=list)


def standing_item_offers(game: Game) -> QuerySet[ItemOffer]:
    """The game's offers that stand: open, the giver alive and still holding the item unused, the
    receiver alive (R45)."""
    return ItemOffer.objects.filter(
        game=game,
        ended_at__isnull=True,
        item__destroyed_at__isnull=True,
        item__holder=F("giver"),
        giver__alive=True,
        receiver__alive=True,
    )


def item_offers(viewer: Viewer) -> ItemOffers:
    """Two queries whatever the game's size. An offer stands while its giver, alive, holds the
    item unused and its receiver is alive."""
    player = viewer.player
    if player is None or not player.alive or viewer.game.status != GameStatus.RUNNING:
        return ItemOffers()
    receivers = list(
        viewer.game.players.filter(alive=True).exclude(pk=player.pk).only("id", "name", "game_id")
    )
    standing = (
        standing_item_offers(viewer.game)
        .filter(Q(giver=player) | Q(receiver=player))
        .select_related("item", "giver", "receiver")
    )
    made, to_me = {}, []
    for offer in standing:
        if offer.giver_id == player.pk:
            made[offer.item_id] = offer
        else:
            to_me.append(offer)
    return ItemOffers(receivers, made, to_me)


def _stalker_choices(game: Game, player: Player) -> tuple[Player | None, list[Player]]:
    """A living stalker's target today, and the players they may still stalk (R29). Two
    queries."""
    if not player.alive or player.role != stalker.ROLE.code:
        return None, []
    stalked = {s.target_id: s for s in Stalking.objects.filter(stalker=player)}
    today = next((s for s in stalked.values() if s.day == game.current_day), None)
    others = list(
        game.players.filter(alive=True).exclude(pk=player.pk).only("id", "name", "game_id")
    )
    today_target = next((p for p in others if today and p.pk == today.target_id), None)
    return today_target, [p for p in others if p.pk not in stalked]
