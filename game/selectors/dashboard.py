"""What the moderators see: the players' table a page at a time (searched by name), the counts
of the living and the dead, the deadlines, the log and the items in play; and the players whose
names match what a moderator types in a player field (`players_matching`), with those already
picked in a field of several players (`player_picks`). Each reads a fixed
number of queries whatever the size of the game, and the dashboard's size does not grow with
the players."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Count, Prefetch, Q

from game.models import Day, DueEvent, Game, GameModerator, Item, LogEntry, Player
from game.permissions import Viewer, can_moderate, require
from game.selectors.games import current_day
from game.selectors.log import log_for

PLAYERS_PER_PAGE = 25
# The log's latest entries (the game's log page has them all).
LOG_SHOWN = 50
# What a player field offers as the moderator types: enough to pick from, never the whole game.
MATCHES_SHOWN = 20
# The most players a field of several players holds at once (a dawn's dead, say).
PICKS_KEPT = 100


@dataclass(frozen=True)
class Dashboard:
    game: Game
    day: Day | None
    players_page: Page  # this page of the players' table
    player_search: str
    player_count: int
    living: int
    mayor: Player | None
    items: list[Item]
    due_events: list[DueEvent]
    moderators: list[GameModerator]
    log: list[LogEntry]

    @property
    def players(self) -> list[Player]:
        return list(self.players_page.object_list)

    @property
    def dead(self) -> int:
        return self.player_count - self.living


def dashboard(viewer: Viewer, *, player_search: str = "", players_page: int | str = 1) -> Dashboard:
    """Everything a moderator sees: one page of the players (those whose name or username holds
    `player_search`) with role, life and items; the counts; deadlines; the log."""
    game = viewer.game
    live_items = Item.objects.filter(destroyed_at__isnull=True)
    rows = (
        game.players.select_related("partner", "user")
        .prefetch_related(Prefetch("items", queryset=live_items, to_attr="live_items"))
        .order_by("id")
    )
    if player_search:
        rows = rows.filter(
            Q(name__icontains=player_search) | Q(user__username__icontains=player_search)
        )
    counts = game.players.aggregate(total=Count("id"), living=Count("id", filter=Q(alive=True)))
    return Dashboard(
        game=game,
        day=current_day(game),
        players_page=Paginator(rows, PLAYERS_PER_PAGE).get_page(players_page),
        player_search=player_search,
        player_count=counts["total"],
        living=counts["living"],
        mayor=game.players.filter(alive=True, mayor_since__isnull=False).first(),
        items=list(live_items.filter(game=game).select_related("holder")),
        due_events=list(
            game.due_events.filter(done_at__isnull=True, cancelled_at__isnull=True)
            .select_related("subject")
            .order_by("due_at")[:50]
        ),
        moderators=list(game.moderators.select_related("user")),
        log=log_for(viewer, limit=LOG_SHOWN),
    )


def players_matching(viewer: Viewer, typed: str, *, alive_only: bool) -> list[dict]:
    """The first players (by name) whose name holds `typed`, for a moderator's player field:
    their `pk` and `name`. One query."""
    require(can_moderate(viewer))
    found = viewer.game.players.filter(name__icontains=typed.strip()).order_by("name", "id")
    if alive_only:
        found = found.filter(alive=True)
    return list(found.values("pk", "name")[:MATCHES_SHOWN])


@dataclass(frozen=True)
class PlayerPicks:
    """A field of several players: those picked so far (in the order picked) and those found by
    `typed` that are not picked yet."""

    picked: list[dict]
    found: list[dict]
    typed: str


def player_picks(viewer: Viewer, picked_ids: list[str], typed: str, *, alive_only: bool):
    """The players of `picked_ids` (ids as sent; others are dropped) and, when something was
    typed, the first players whose name holds it. Two queries at most."""
    require(can_moderate(viewer))
    wanted = [int(pk) for pk in dict.fromkeys(picked_ids) if pk.isdigit() and len(pk) <= 18]
    wanted = wanted[:PICKS_KEPT]
    players = viewer.game.players.filter(alive=True) if alive_only else viewer.game.players
    by_id = (
        {p["pk"]: p for p in players.filter(pk__in=wanted).values("pk", "name")} if wanted else {}
    )
    typed = typed.strip()
    found = players_matching(viewer, typed, alive_only=alive_only) if typed else []
    return PlayerPicks(
        picked=[by_id[pk] for pk in wanted if pk in by_id],
        found=[p for p in found if p["pk"] not in by_id],
        typed=typed,
    )


def items_in_play(viewer: Viewer) -> list[Item]:
    """Every item not used or destroyed, for the moderators' printed cards. One query."""
    require(can_moderate(viewer))
    return list(
        Item.objects.filter(game=viewer.game, destroyed_at__isnull=True).order_by("kind", "id")
    )
