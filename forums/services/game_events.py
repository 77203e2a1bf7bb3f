"""What the forums do when the game logs something: a new game gets its boards, those of its
rule set's private groups included (H1), ensured again at its start and when its settings
change; public announcements go to
Town Square (R14, R15), the mafia's Stalk results to the Mafia Den (R41) and private results
ring their recipients' bell.
Registered in game.services.log's LOG_HOOKS by ForumsConfig.ready(), so the game never imports
the forums."""

from forums.models import NotificationKind, PostKind
from forums.services.announcements import announcement_post, den_post, victim_announcement_post
from forums.services.boards import boards_ensure
from forums.services.notifications import notify
from game.models import LogEntry, Player, Visibility

ANNOUNCED = {
    "kill_announced": PostKind.KILL_ANNOUNCEMENT,
    "execution": PostKind.EXECUTION,
    "end_of_day_death": PostKind.DEATH_ANNOUNCEMENT,
    "office_changed": PostKind.OFFICE,
    "dawn": PostKind.DAWN,
    "phase_announcement": PostKind.PHASE_ANNOUNCEMENT,
}
VICTIM_ANNOUNCED = "kill_announced_by_victim"
# The game is paused until its moderators decide (game.services.days.day_cycle).
FOR_MODERATORS = {
    "day_ends_missed": NotificationKind.MISSED_DAY_ENDS,
    # A player silent after a prod and a warning (forums.services.prods).
    "replacement_requested": NotificationKind.REPLACEMENT_REQUEST,
}
# A settings change may switch the spectators' board on (docs/spectators.md).
BOARDS_READY = {"game_created", "game_started", "settings_changed"}
DEN_POSTED = {"mafia_stalk_result": "Stalk result"}
NOTIFIED = {
    "investigation_result": NotificationKind.RESULT,
    "shovel_result": NotificationKind.RESULT,
    "mafia_count_result": NotificationKind.RESULT,
    "poisoned": NotificationKind.POISONED,
    "stalked": NotificationKind.STALKED,
    "stalk_result": NotificationKind.RESULT,
    "innocent_child_revealed": NotificationKind.RESULT,
    "conscripted": NotificationKind.RESULT,
    "inactivity_notice": NotificationKind.INACTIVITY,
    "vote_reminder": NotificationKind.VOTE_REMINDER,
    "prod": NotificationKind.INACTIVITY,
}


def forum_side_of_log_entry(entry: LogEntry, recipients: list[Player]) -> None:
    if entry.kind in BOARDS_READY:
        boards_ensure(game=entry.game)
    elif entry.visibility == Visibility.PUBLIC and entry.kind in ANNOUNCED:
        announcement_post(
            game=entry.game, text=entry.text, now=entry.created_at, kind=ANNOUNCED[entry.kind]
        )
    elif entry.visibility == Visibility.PUBLIC and entry.kind == VICTIM_ANNOUNCED:
        victim = Player.objects.get(game=entry.game, user=entry.actor)
        victim_announcement_post(
            game=entry.game, victim=victim, text=entry.text, now=entry.created_at
        )
    elif entry.visibility == Visibility.MAFIA and entry.kind in DEN_POSTED:
        den_post(
            game=entry.game, title=DEN_POSTED[entry.kind], text=entry.text, now=entry.created_at
        )
    elif entry.visibility == Visibility.PLAYERS and entry.kind in NOTIFIED and recipients:
        notify(
            recipients=recipients,
            kind=NOTIFIED[entry.kind],
            target=entry,
            now=entry.created_at,
            game=entry.game,
        )
    elif entry.visibility == Visibility.MODERATORS and entry.kind in FOR_MODERATORS:
        notify(
            recipients=[m.user for m in entry.game.moderators.select_related("user")],
            kind=FOR_MODERATORS[entry.kind],
            target=entry,
            now=entry.created_at,
            game=entry.game,
        )
