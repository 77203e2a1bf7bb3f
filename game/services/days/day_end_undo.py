"""Undo the last day end (moderators, with a reason): deaths, items, deadlines, the published
result and the game's status return to how they were, in one transaction, and it is logged."""

import datetime as dt

from django.db import transaction

from game.errors import ConflictError, GameRuleError
from game.models import (
    Day,
    DayEndRecord,
    DayResult,
    DesperadoRequest,
    DueEvent,
    Game,
    GameStatus,
    Item,
    Player,
    User,
    Visibility,
    Vote,
)
from game.rulesets.live_action.day_clock import day_end_after
from game.services.days.day_cycle import day_end_key
from game.services.killing.deaths import players_revive
from game.services.locking import lock_game
from game.services.log import local_text, log_append


@transaction.atomic
def day_end_undo(*, game_id: int, by: User, now: dt.datetime, reason: str) -> Game:
    """Reopen the day whose end was processed last. The reopened day ends at the next day-end
    time (R1), so the clock does not end it again at once; moderators may end it now instead.
    Votes cast since the day end are kept and count for the reopened day (only the latest
    counts, R5). The log is append-only: the undo is logged next to what it undoes. What
    happened after the day end by other actions (kills of the next day) is not undone."""
    game = lock_game(game_id)
    if not reason.strip():
        raise GameRuleError("Give a reason: undoing a day end is logged.")
    record = DayEndRecord.objects.filter(game=game).order_by("-id").first()
    if record is None or record.undone_at is not None:
        raise ConflictError("There is no day end to undo: only the last one can be undone, once.")
    changes = record.changes
    number = record.day
    players_revive(game=game, player_ids=changes["died"])
    items = list(Item.objects.filter(pk__in=[pk for pk, _ in changes["items"]]))
    old_holder = dict(changes["items"])
    for item in items:
        item.holder_id = old_holder[item.pk]
    Item.objects.bulk_update(items, ["holder"])
    DueEvent.objects.filter(pk__in=changes["events_created"]).delete()
    # Desperados who went desperado at this day end (R25) wait again, as their requests do.
    Player.objects.filter(game=game, desperado_since_day__gt=number).update(
        desperado_since_day=None
    )
    DesperadoRequest.objects.filter(game=game, applied_at=record.ended_at).update(applied_at=None)
    DesperadoRequest.objects.filter(game=game, cancelled_at=record.ended_at).update(
        cancelled_at=None
    )
    DueEvent.objects.filter(pk__in=changes["events_finished"]).update(done_at=None)
    DueEvent.objects.filter(pk__in=changes["events_cancelled"]).update(cancelled_at=None)
    Day.objects.filter(game=game, number__gt=number).delete()
    DayResult.objects.filter(game=game, day__gte=number).delete()
    Vote.objects.filter(game=game, day__gt=number).update(day=number)
    new_end = day_end_after(now, game.zone, game.day_end_time)
    Day.objects.filter(game=game, number=number).update(ended_at=None, ends_at=new_end)
    DueEvent.objects.filter(key=day_end_key(game, number)).update(
        done_at=None, cancelled_at=None, due_at=new_end
    )
    DueEvent.objects.filter(
        game=game, day=number, done_at__isnull=True, cancelled_at__isnull=True
    ).update(due_at=new_end)
    previous = changes["game"]
    game.status = previous["status"] or GameStatus.RUNNING
    game.winner = previous["winner"]
    game.finished_at = (
        dt.datetime.fromisoformat(previous["finished_at"]) if previous["finished_at"] else None
    )
    game.current_day = number
    game.save(update_fields=["status", "winner", "finished_at", "current_day"])
    record.undone_at = now
    record.undone_by = by
    record.undo_reason = reason
    record.save(update_fields=["undone_at", "undone_by", "undo_reason"])
    names = list(Player.objects.filter(pk__in=changes["died"]).values_list("name", flat=True))
    text = f"The moderators undid the end of day {number}: day {number} is open again and ends "
    text += f"{local_text(game, new_end)}."
    if names:
        text += f" Alive again: {', '.join(sorted(names))}."
    log_append(
        game=game,
        kind="day_end_undone",
        text=text,
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
        reason=reason,
    )
    return game
