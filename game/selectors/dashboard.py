"""What the moderators see: every player with role, life and items, the deadlines, the log,
and the items in play."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from game.models import Day, DueEvent, Game, GameModerator, Item, LogEntry, Player
from game.permissions import Viewer, can_moderate, require
from game.selectors.games import current_day
from game.selectors.log import log_for


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


def items_in_play(viewer: Viewer) -> list[Item]:
    """Every item not used or destroyed, for the moderators' printed cards. One query."""
    require(can_moderate(viewer))
    return list(
        Item.objects.filter(game=viewer.game, destroyed_at__isnull=True).order_by("kind", "id")
    )
