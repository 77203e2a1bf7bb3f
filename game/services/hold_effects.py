"""Held decisions take effect (the moderators' undo, see `holds`): the periodic job applies
each one that is due, in its own transaction, and "end the day now" applies the day's first."""

import datetime as dt
import logging

from django.db import transaction
from django.utils import timezone

from game.errors import ConflictError, GameRuleError, NotFoundError
from game.models import Day, HeldDecision, HeldKind, User, Visibility
from game.services.days import day_cycle
from game.services.investigating import investigations
from game.services.items_offices import shovels
from game.services.killing import kill_decisions
from game.services.locking import lock_game
from game.services.log import log_append

logger = logging.getLogger(__name__)


def decisions_apply(*, now: dt.datetime, game_ids: set[int] | None = None) -> int:
    """Apply every held decision that is due, and every one of `game_ids`' games whatever its
    due time; each in its own transaction. Returns how many took effect. One that the rules
    now refuse is recorded with why, and its subject waits in the queue again."""
    waiting = HeldDecision.objects.filter(applied_at__isnull=True, undone_at__isnull=True)
    due = waiting.filter(due_at__lte=now)
    ids = set(due.values_list("pk", flat=True))
    if game_ids:
        ids |= set(waiting.filter(game_id__in=game_ids).values_list("pk", flat=True))
    applied = 0
    for hold_id in sorted(ids):
        applied += _apply(hold_id, now)
    return applied


@transaction.atomic
def _apply(hold_id: int, now: dt.datetime) -> int:
    """Locks the game, then the decision (the services' lock order)."""
    game_id = HeldDecision.objects.filter(pk=hold_id).values_list("game_id", flat=True).first()
    lock_game(game_id)
    hold = (
        HeldDecision.objects.select_for_update()
        .filter(pk=hold_id, applied_at__isnull=True, undone_at__isnull=True)
        .first()
    )
    if hold is None:
        return 0
    hold.applied_at = now
    try:
        with transaction.atomic():
            _take_effect(hold, now)
    except (GameRuleError, ConflictError, NotFoundError) as refusal:
        hold.outcome = str(refusal)
    except Exception:
        # A fault in one decision must not stop the job, nor every game's day end after it:
        # the decision is recorded as failed and its moderators decide by hand.
        logger.exception("Held decision %s could not be applied.", hold.pk)
        hold.outcome = "It could not be applied (an error on the server): decide it by hand."
        log_append(
            game=hold.game,
            kind="held_decision_failed",
            text=f"A held {hold.get_kind_display().lower()} could not be applied because of an "
            "error on the server. Decide it again from the queue.",
            visibility=Visibility.MODERATORS,
            now=now,
        )
    hold.save(update_fields=["applied_at", "outcome"])
    return 0 if hold.outcome else 1


def _take_effect(hold: HeldDecision, now: dt.datetime) -> None:
    if hold.kind == HeldKind.KILL_CONFIRM:
        kill_decisions.kill_confirm(
            game_id=hold.game_id,
            kill_id=hold.subject_id,
            by=hold.by,
            now=now,
            reason=hold.reason,
            override=hold.override,
        )
    elif hold.kind == HeldKind.ANSWER_SEND:
        investigations.investigation_send(
            game_id=hold.game_id,
            investigation_id=hold.subject_id,
            by=hold.by,
            now=now,
            answer=hold.answer,
            reason=hold.reason,
        )
    else:
        shovels.shovel_result_send(
            game_id=hold.game_id, shovel_use_id=hold.subject_id, by=hold.by, now=now
        )


def day_end_now(*, game_id: int, day: int, by: User, reason: str = "") -> Day:
    """The moderators end day `day` now: the decisions they took during it take effect first."""
    decisions_apply(now=timezone.now(), game_ids={game_id})
    return day_cycle.day_end_now(game_id=game_id, day=day, by=by, reason=reason)
