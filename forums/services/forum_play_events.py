"""What the forums do with the log entries of Forum Mafia (docs/forum-play.md): phase threads
open and lock with the phases, the vote count, the hammer, replacements and modkills are
posted in the thread of the phase now, and prods are re-armed at each day's start.
Registered in game.services.log's LOG_HOOKS by ForumsConfig.ready()."""

from forums.models import PostKind
from forums.services.phase_threads import (
    phase_post,
    phase_thread_deadline_moved,
    phase_thread_open,
    phase_threads_lock,
)
from forums.services.prods import prods_arm
from forums.services.thread_polls import access_changed
from game.models import LogEntry, Player, Visibility
from game.rulesets.phases import DAY

POSTED_IN_PHASE = {
    "vote_count": PostKind.VOTE_COUNT,
    "hammer": PostKind.PHASE_ANNOUNCEMENT,
    "player_replaced": PostKind.PHASE_ANNOUNCEMENT,
    "modkill": PostKind.PHASE_ANNOUNCEMENT,
    "phase_extended": PostKind.PHASE_ANNOUNCEMENT,
}


def forum_play_side_of_log_entry(entry: LogEntry, recipients: list[Player]) -> None:
    game = entry.game
    if entry.visibility != Visibility.PUBLIC:
        return
    if entry.kind == "phase_started":
        if game.phase_threads:
            phase_thread_open(game=game, text=entry.text, now=entry.created_at)
        if game.current_phase == DAY:
            prods_arm(game=game, at=entry.created_at)
    elif entry.kind == "phase_ended" and game.phase_threads:
        phase_threads_lock(game=game, now=entry.created_at)
    elif entry.kind in POSTED_IN_PHASE:
        phase_post(
            game=game, text=entry.text, kind=POSTED_IN_PHASE[entry.kind], now=entry.created_at
        )
        if entry.kind == "player_replaced":
            access_changed()
        if entry.kind == "phase_extended" and game.phase_threads:
            phase_thread_deadline_moved(game=game, text=entry.text)
