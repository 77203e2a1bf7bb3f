"""What the game tells the live channel, from its follow-up lists (registered by LiveConfig):
every logged event and every death. Topics and kinds only (game.services.live_channel), never
the entry.

Public entries concern every open game page: a phase ending or beginning is `phase`, anything
else `log`. Every other entry (a kill report, an investigation, a held decision …) is seen by
the moderators only, so only their queue hears of it: a townie's stream learns nothing of
what the mafia or anyone else does in private, not even that it happened."""

from __future__ import annotations

import datetime as dt

from game.models import Game, LogEntry, Player, Visibility
from game.services.live_channel import access_changed, publish

PHASE_KINDS = frozenset(
    {
        "game_started",
        "game_over",
        "phase_started",
        "phase_ended",
        "phase_ended_early",
        "day_started",
        "day_ended",
        "day_ended_early",
        "day_end_undone",
        "day_extended",
        "day_end_time_changed",
        "dawn",
        "night_resolved",
    }
)


def game_topic(game_id: int) -> str:
    return f"game-{game_id}"


def queue_topic(game_id: int) -> str:
    return f"queue-{game_id}"


def log_entry_published(entry: LogEntry, recipients: list[Player]) -> None:
    """A LOG_HOOK."""
    if entry.visibility == Visibility.PUBLIC:
        kind = "phase" if entry.kind in PHASE_KINDS else "log"
        publish(game_topic(entry.game_id), kind)
    publish(queue_topic(entry.game_id), "queue")


def death_published(game: Game, player: Player, at: dt.datetime) -> None:
    """A DEATH_HOOK (every rule set's deaths go through players_die): open pages show the dead,
    and the dead player's own streams end at once, to be checked anew on reconnect (a death
    closes the Mafia Den and every group board, R51)."""
    publish(game_topic(game.pk), "death")
    if player.user_id is not None:
        access_changed([player.user_id])


def connect() -> None:
    """Registers the hooks once (ready() may run more than once in tests)."""
    from game.services.killing.deaths import DEATH_HOOKS
    from game.services.log import LOG_HOOKS

    for hooks, hook in ((LOG_HOOKS, log_entry_published), (DEATH_HOOKS, death_published)):
        if hook not in hooks:
            hooks.append(hook)
