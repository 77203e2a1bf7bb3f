"""Reads, with the viewer's visibility applied (R50). Each returns plain data for pages and the
API alike, in a number of queries that does not grow with the game."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import F, Prefetch, Q, QuerySet

from game.models import (
    Day,
    DesperadoRequest,
    DueEvent,
    Game,
    GameModerator,
    GameStatus,
    Item,
    ItemOffer,
    LogEntry,
    Player,
    Stalking,
    Visibility,
)
from game.models.players import SEAT_ORDER
from game.permissions import (
    Viewer,
    can_moderate,
    can_see_role_of,
    log_visibility_filter,
    require,
    sees_mafia,
)
from game.rulesets.base import MAFIA, RoleSpec
from game.rulesets.live_action.items.taser import ITEM as TASER
from game.rulesets.live_action.items.taser import taser_ready_at
from game.rulesets.live_action.powers import poison
from game.rulesets.live_action.roles import desperado, innocent_child, stalker


@dataclass(frozen=True)
class HomeGames:
    playing: list[Player]
    moderating: list[Game]
    open_signups: list[Game]


def home_games(user) -> HomeGames:
    if not user.is_authenticated:
        return HomeGames([], [], [])
    playing = list(
        Player.objects.filter(user=user).select_related("game").order_by("-game__created_at")
    )
    moderating = list(Game.objects.filter(moderators__user=user))
    taken = {p.game_id for p in playing} | {g.pk for g in moderating}
    open_signups = [
        g
        for g in Game.objects.filter(status=GameStatus.SIGNUP, signups_open=True)[:50]
        if g.pk not in taken
    ]
    return HomeGames(playing, moderating, open_signups)


@dataclass(frozen=True)
class TaserView:
    """A held taser (R44): the name on it, and from when it can be used."""

    item: Item
    usable_from: dt.datetime | None


@dataclass(frozen=True)
class RoleCardView:
    """The viewer's card: their role in the game's rule set and the team it plays for (a
    conscript's is the mafia, R39)."""

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
    role = rules.role(player.role) if rules.has_role(player.role) else None
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


def players_public(game: Game) -> list[Player]:
    """Every player with what everyone may know: name, protocol name (C10), seat, alive or dead,
    when they died; in seat order (C9), as the players file lists them."""
    return list(
        game.players.only(
            "id",
            "name",
            "protocol_name",
            "seat",
            "alive",
            "died_at",
            "death_day",
            "game_id",
            "user_id",
            "introduction",
            "photo",
        ).order_by(*SEAT_ORDER)
    )


def current_day(game: Game) -> Day | None:
    if game.current_day == 0:
        return None
    return Day.objects.filter(game=game, number=game.current_day).first()


@dataclass(frozen=True)
class GameState:
    game: Game
    day: Day | None
    players: list[Player]
    role_card: RoleCardView | None
    roles_visible: dict[int, str] = field(default_factory=dict)


def game_state(viewer: Viewer) -> GameState:
    """What the viewer may see of the game (R50). Roles appear only where `can_see_role_of`
    allows: the viewer's own, every role for moderators, every role once the game is over."""
    game = viewer.game
    players = (
        players_public(game)
        if not viewer.is_moderator
        else list(game.players.order_by(*SEAT_ORDER))
    )
    roles_visible = {}
    if viewer.is_moderator or game.status == GameStatus.FINISHED:
        roles_visible = {
            p.pk: p.role for p in game.players.only("id", "role") if can_see_role_of(viewer, p)
        }
    elif viewer.player is not None and viewer.player.role and game.status != GameStatus.SIGNUP:
        roles_visible = {viewer.player.pk: viewer.player.role}
    return GameState(game, current_day(game), players, role_card(viewer), roles_visible)


def log_for(
    viewer: Viewer, *, limit: int | None = None, after: int | None = None
) -> list[LogEntry]:
    """The log the viewer may read (R50), newest first; with `after`, only the entries after
    that id, oldest first (entries are append-only, so ids follow the record)."""
    entries: QuerySet[LogEntry] = (
        LogEntry.objects.filter(game=viewer.game)
        .filter(log_visibility_filter(viewer))
        .select_related("actor")
        .distinct()
    )
    if after is None:
        entries = entries.order_by("-created_at", "-id")
    else:
        entries = entries.filter(id__gt=after).order_by("id")
    if limit is not None:
        entries = entries[:limit]
    return _addressed(viewer, list(entries))


def _addressed(viewer: Viewer, entries: list[LogEntry]) -> list[LogEntry]:
    """Lines written to their recipients ("You have been poisoned") read, for anyone else who may
    see them (moderators, everyone once the game is over, R50), as addressed: each entry gets
    `addressed_to`, the recipients' names when the viewer is not one of them, else ""."""
    private = [e.pk for e in entries if e.visibility == Visibility.PLAYERS]
    names: dict[int, list[str]] = {}
    mine: set[int] = set()
    if private:
        through = LogEntry.recipients.through
        for log_id, player_id, name in through.objects.filter(logentry_id__in=private).values_list(
            "logentry_id", "player_id", "player__name"
        ):
            names.setdefault(log_id, []).append(name)
            if viewer.player is not None and player_id == viewer.player.pk:
                mine.add(log_id)
    for e in entries:
        e.addressed_to = "" if e.pk in mine else ", ".join(sorted(names.get(e.pk, [])))
    return entries


def game_ending(game: Game) -> str | None:
    """How a finished game ended: the public announcement of its end (the winner, and whether by
    the win check or the mafia kill clock, R17, R18); None while it runs."""
    if game.status != GameStatus.FINISHED:
        return None
    entry = (
        LogEntry.objects.filter(game=game, kind="game_over", visibility=Visibility.PUBLIC)
        .order_by("-created_at", "-id")
        .first()
    )
    return entry.text if entry else "The game is over."


@dataclass(frozen=True)
class Dashboard:
    game: Game
    day: Day | None
    players: list[Player]
    items: list[Item]
    due_events: list[DueEvent]
    moderators: list[GameModerator]
    log: list[LogEntry]

    @property
    def living(self) -> int:
        return sum(1 for p in self.players if p.alive)

    @property
    def dead(self) -> int:
        return len(self.players) - self.living


def dashboard(viewer: Viewer) -> Dashboard:
    """Everything a moderator sees: every player with role, life and items; deadlines; the log."""
    game = viewer.game
    live_items = Item.objects.filter(destroyed_at__isnull=True)
    players = list(
        game.players.select_related("partner", "user").prefetch_related(
            Prefetch("items", queryset=live_items, to_attr="live_items")
        )
    )
    return Dashboard(
        game=game,
        day=current_day(game),
        players=players,
        items=list(live_items.filter(game=game).select_related("holder")),
        due_events=list(
            game.due_events.filter(done_at__isnull=True, cancelled_at__isnull=True)
            .select_related("subject")
            .order_by("due_at")[:50]
        ),
        moderators=list(game.moderators.select_related("user")),
        log=log_for(viewer, limit=200),
    )


def winners(game: Game) -> set[int]:
    """The players of the winning side, the dead included (C6: the dead share their side's
    win; R16 for live action)."""
    if not game.winner:
        return set()
    rules = game.rules
    return {
        pk
        for pk, role, conscripted in game.players.exclude(role="").values_list(
            "pk", "role", "conscripted"
        )
        if rules.has_role(role) and rules.alignment_of(role, conscripted=conscripted) == game.winner
    }


def items_in_play(viewer: Viewer) -> list[Item]:
    """Every item not used or destroyed, for the moderators' printed cards. One query."""
    require(can_moderate(viewer))
    return list(
        Item.objects.filter(game=viewer.game, destroyed_at__isnull=True).order_by("kind", "id")
    )
