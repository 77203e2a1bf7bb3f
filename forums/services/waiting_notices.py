"""Notifications for what waits on someone: a kill report they must confirm or dispute (R11), an
item offered to them (R45), the game starting and their role dealt (or the slot they take as a
substitute), their night action or vote still missing before the phase ends (C1, C4, C5), and,
for the moderators, what enters their queue (R20). Each rings the bell and goes by email and
push to those who asked, through `notify`; the log entry it points at decides who may read it (R50).
Registered in game.services.log's LOG_HOOKS by ForumsConfig.ready()."""

from forums.models import Notification, NotificationKind
from forums.services.notifications import notify
from game.models import LogEntry, Player, Visibility

# Private entries whose recipients must act on them; the actor (who made the offer, who
# reported the kill) is told nothing about their own step.
TO_RECIPIENTS = {
    "kill_to_confirm": NotificationKind.KILL_TO_CONFIRM,
    "item_offered": NotificationKind.ITEM_OFFERED,
    "action_reminder": NotificationKind.ACTION_REMINDER,
    # A substitute takes a slot: their role is dealt to them as at the start.
    "slot_taken": NotificationKind.ROLE_DEALT,
}
# What enters the moderators' queue (R20): kill reports, investigations, shovels, Mayor counts.
QUEUED = {"kill_reported", "investigation_requested", "shovel_used", "mafia_count_asked"}
GAME_STARTED = "game_started"


def waiting_notices_of_log_entry(entry: LogEntry, recipients: list[Player]) -> None:
    if entry.visibility == Visibility.PLAYERS and entry.kind in TO_RECIPIENTS:
        told = [p for p in recipients if entry.actor_id is None or p.user_id != entry.actor_id]
        if told:
            _notify(told, TO_RECIPIENTS[entry.kind], entry)
    elif entry.visibility == Visibility.PUBLIC and entry.kind == GAME_STARTED:
        players = list(entry.game.players.select_related("user"))
        _notify(players, NotificationKind.GAME_STARTED, entry)
        _notify([p for p in players if p.role], NotificationKind.ROLE_DEALT, entry)
    elif entry.visibility == Visibility.MODERATORS and entry.kind in QUEUED:
        queue_notice(entry)


def queue_notice(entry: LogEntry) -> None:
    """Tell each moderator that something new waits in the queue, grouped: a moderator who has
    not yet read the last such notice of this game gets no second one (the queue page lists
    everything that waits)."""
    moderators = [m.user for m in entry.game.moderators.select_related("user")]
    unread = set(
        Notification.objects.filter(
            game=entry.game,
            kind=NotificationKind.QUEUE,
            read_at__isnull=True,
            user__in=moderators,
        ).values_list("user_id", flat=True)
    )
    waiting = [user for user in moderators if user.pk not in unread]
    if waiting:
        notify(
            recipients=waiting,
            kind=NotificationKind.QUEUE,
            target=entry,
            now=entry.created_at,
            game=entry.game,
        )


def _notify(players: list[Player], kind: str, entry: LogEntry) -> None:
    if players:
        notify(recipients=players, kind=kind, target=entry, now=entry.created_at, game=entry.game)
