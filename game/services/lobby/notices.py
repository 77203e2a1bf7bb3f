"""Inactivity notices and evictions (R49)."""

import datetime as dt

from django.db import transaction

from game.errors import ConflictError, GameRuleError
from game.models import DueEvent, GameStatus, InactivityNotice, Player, User, Visibility
from game.rulesets.live_action import evictions
from game.rulesets.live_action.day_clock import day_end_after
from game.services.days.end_of_day import scheduled_end_of_day
from game.services.locking import lock_game
from game.services.log import local_text, log_append


@transaction.atomic
def inactivity_notice_send(
    *, game_id: int, player_id: int, by: User, now: dt.datetime
) -> InactivityNotice:
    """A moderator notifies an inactive player (R49). Unacknowledged within 24 hours, the player
    is evicted at the first day end at or after that deadline."""
    game = lock_game(game_id)
    if game.status != GameStatus.RUNNING:
        raise GameRuleError("The game is not running.")
    player = Player.objects.filter(game=game, pk=player_id).first()
    if player is None:
        raise GameRuleError("That player is not in this game.")
    if not player.alive:
        raise GameRuleError(f"{player.name} is dead.")
    if InactivityNotice.objects.filter(
        player=player,
        acknowledged_at__isnull=True,
        event__cancelled_at__isnull=True,
        event__done_at__isnull=True,
    ).exists():
        raise ConflictError(f"{player.name} already has a notice waiting for acknowledgement.")
    rule_notice = evictions.InactivityNotice(player.pk, now)
    deadline = evictions.eviction_deadline(rule_notice)
    day_ends = {game.current_day: scheduled_end_of_day(game, game.current_day)}
    while day_ends[max(day_ends)] < deadline:
        day_ends[max(day_ends) + 1] = day_end_after(
            day_ends[max(day_ends)], game.zone, game.day_end_time
        )
    day = evictions.eviction_day(rule_notice, day_ends)
    event = DueEvent.objects.create(
        game=game,
        kind=evictions.EVICTION.event_kind,
        subject=player,
        day=day,
        due_at=day_ends[day],
        key=f"game:{game.pk}:eviction:{player.pk}:{now.timestamp()}",
    )
    notice = InactivityNotice.objects.create(
        game=game, player=player, sent_at=now, sent_by=by, event=event
    )
    log_append(
        game=game,
        kind="inactivity_notice",
        text="The moderators sent you an inactivity notice. Acknowledge it in the app by "
        f"{local_text(game, deadline)}, or you will be removed at the next day end (R49).",
        visibility=Visibility.PLAYERS,
        recipients=[player],
        now=now,
        actor=by,
    )
    return notice


@transaction.atomic
def inactivity_notice_ack(*, game_id: int, user: User, now: dt.datetime) -> InactivityNotice:
    """The player acknowledges with one click (R49). In time, the eviction is cancelled; later,
    it stands (a moderator may still decide otherwise)."""
    game = lock_game(game_id)
    notice = (
        InactivityNotice.objects.filter(game=game, player__user=user, acknowledged_at__isnull=True)
        .select_related("event", "player")
        .first()
    )
    if notice is None:
        raise GameRuleError("You have no inactivity notice to acknowledge.")
    notice.acknowledged_at = now
    notice.save(update_fields=["acknowledged_at"])
    in_time = evictions.acknowledged_in_time(
        evictions.InactivityNotice(notice.player_id, notice.sent_at, now)
    )
    if in_time and notice.event is not None and notice.event.done_at is None:
        DueEvent.objects.filter(pk=notice.event.pk).update(cancelled_at=now)
    log_append(
        game=game,
        kind="inactivity_ack",
        text=f"{notice.player.name} acknowledged the inactivity notice"
        + ("." if in_time else " after the 24-hour deadline; the eviction stands."),
        visibility=Visibility.MODERATORS,
        now=now,
    )
    return notice
