"""Queue decisions held for a minute (the moderators' undo): a kill confirmation, an answer or a
shovel result takes effect one minute after the moderator decides, unless undone. The periodic
job applies the decisions that are due (R4); a day end applies its game's first, so that the
day ends on every decision taken during it (`hold_effects`)."""

import datetime as dt

from django.db import transaction

from game.errors import ConflictError, GameRuleError, NotFoundError
from game.models import (
    Game,
    HeldDecision,
    HeldKind,
    Investigation,
    Kill,
    KillStatus,
    ResultStatus,
    ShovelUse,
    User,
    Visibility,
)
from game.rulesets.live_action.kills import kill_violations
from game.rulesets.reasons import rendered
from game.services.ids import storable_ids
from game.services.investigating import investigations
from game.services.killing import kill_decisions
from game.services.killing.kills import made_by_no_player
from game.services.locking import lock_game
from game.services.log import log_append
from game.snapshots.kill_facts import kill_context, kill_report_facts
from game.snapshots.kills import agreed_by_both

HOLD = dt.timedelta(minutes=1)


def waiting_holds(game: Game):
    return HeldDecision.objects.filter(game=game, applied_at__isnull=True, undone_at__isnull=True)


def _hold(game: Game, kind: str, subject_id: int, by: User, now: dt.datetime, **fields):
    if waiting_holds(game).filter(kind=kind, subject_id=subject_id).exists():
        raise ConflictError("That decision is already taken: undo it to change it.")
    return HeldDecision.objects.create(
        game=game, kind=kind, subject_id=subject_id, by=by, held_at=now, due_at=now + HOLD, **fields
    )


def _confirmable(game: Game, kill: Kill, *, reason: str, override: bool) -> None:
    """The refusals of kill_decisions.kill_confirm, checked when the decision is taken."""
    if not made_by_no_player(game, kill.method) and kill.killer is None:
        raise GameRuleError("Name the killer (or set the method to hitman) before confirming.")
    violations = rendered(kill_decisions.kill_violations_of(game, kill))
    if violations and not (override and reason.strip()):
        raise GameRuleError(
            "The rules forbid this kill: "
            + " ".join(violations)
            + " Override with a reason to confirm it anyway (R12).",
            field="reason",
        )


@transaction.atomic
def kill_confirm_hold(
    *, game_id: int, kill_id: int, by: User, now: dt.datetime, reason: str = "", override=False
) -> HeldDecision:
    """Confirm a kill in a minute (kill_decisions.kill_confirm then runs), unless undone."""
    game = lock_game(game_id)
    kill = kill_decisions.pending_kill(game, kill_id)
    _confirmable(game, kill, reason=reason, override=override)
    return _hold(
        game, HeldKind.KILL_CONFIRM, kill.pk, by, now, reason=reason.strip(), override=override
    )


def agreed_kills(game: Game) -> list[Kill]:
    """The pending kills both parties agree on (R11) and the rules allow (R12), not yet decided:
    what "confirm all" confirms."""
    held = set(
        waiting_holds(game).filter(kind=HeldKind.KILL_CONFIRM).values_list("subject_id", flat=True)
    )
    kills = [
        k
        for k in Kill.objects.filter(game=game, status=KillStatus.PENDING)
        .exclude(pk__in=held)
        .select_related("victim", "killer")
        .prefetch_related("statements")
        .order_by("reported_at", "id")
        if k.method and agreed_by_both(list(k.statements.all()))
    ]
    if not kills:
        return []
    context = kill_context(game)
    return [
        k
        for k in kills
        if (k.killer is not None or made_by_no_player(game, k.method))
        and not kill_violations(kill_report_facts(context, k))
    ]


@transaction.atomic
def kills_confirm_agreed(
    *, game_id: int, kill_ids: list[int], by: User, now: dt.datetime
) -> list[HeldDecision]:
    """Confirm, in a minute, each of the kills the moderator was shown (`kill_ids`) that both
    parties still agree on and the rules still allow; a kill that changed since is left in the
    queue."""
    game = lock_game(game_id)
    wanted = storable_ids(kill_ids)
    held = [
        _hold(game, HeldKind.KILL_CONFIRM, kill.pk, by, now)
        for kill in agreed_kills(game)
        if kill.pk in wanted
    ]
    if not held:
        raise ConflictError("None of those kills can be confirmed any more: see the queue.")
    return held


@transaction.atomic
def answer_send_hold(
    *,
    game_id: int,
    investigation_id: int,
    by: User,
    now: dt.datetime,
    answer: bool | None = None,
    reason: str = "",
) -> HeldDecision:
    """Send an investigation's answer in a minute, as computed or overridden (R20)."""
    game = lock_game(game_id)
    investigation = investigations.pending_investigation(game, investigation_id)
    if answer is not None and not reason.strip():
        computed = investigations.investigation_computed(game, investigation)
        if answer != computed.answer:
            raise GameRuleError(
                "Give a reason for overriding the computed answer (R20).", field="reason"
            )
    return _hold(
        game, HeldKind.ANSWER_SEND, investigation.pk, by, now, answer=answer, reason=reason.strip()
    )


@transaction.atomic
def shovel_send_hold(*, game_id: int, use_id: int, by: User, now: dt.datetime) -> HeldDecision:
    game = lock_game(game_id)
    use = ShovelUse.objects.filter(game=game, pk=use_id).first()
    if use is None:
        raise NotFoundError("No such shovel use.")
    if use.status != ResultStatus.PENDING:
        raise ConflictError("That shovel result has already been sent.")
    return _hold(game, HeldKind.SHOVEL_SEND, use.pk, by, now)


@transaction.atomic
def answers_send_all(
    *, game_id: int, investigation_ids: list[int], shovel_ids: list[int], by: User, now: dt.datetime
) -> list[HeldDecision]:
    """Send, in a minute, the computed answer of each investigation and the result of each
    shovel the moderator was shown that still waits (R20)."""
    game = lock_game(game_id)
    held_ids = {
        (kind, subject) for kind, subject in waiting_holds(game).values_list("kind", "subject_id")
    }
    pending_investigations = Investigation.objects.filter(
        game=game, status=ResultStatus.PENDING, pk__in=storable_ids(investigation_ids)
    ).values_list("pk", flat=True)
    pending_shovels = ShovelUse.objects.filter(
        game=game, status=ResultStatus.PENDING, pk__in=storable_ids(shovel_ids)
    ).values_list("pk", flat=True)
    held = [
        _hold(game, HeldKind.ANSWER_SEND, pk, by, now)
        for pk in sorted(pending_investigations)
        if (HeldKind.ANSWER_SEND, pk) not in held_ids
    ] + [
        _hold(game, HeldKind.SHOVEL_SEND, pk, by, now)
        for pk in sorted(pending_shovels)
        if (HeldKind.SHOVEL_SEND, pk) not in held_ids
    ]
    if not held:
        raise ConflictError("Those answers have all been sent already.")
    return held


@transaction.atomic
def decision_undo(*, game_id: int, hold_id: int, by: User, now: dt.datetime) -> HeldDecision:
    """Take back a held decision before it takes effect; the kill, question or shovel waits in
    the queue again."""
    game = lock_game(game_id)
    hold = HeldDecision.objects.filter(game=game, pk__in=storable_ids([hold_id])).first()
    if hold is None:
        raise NotFoundError("No such decision.")
    if hold.undone_at is not None:
        raise ConflictError("That decision was already undone.")
    if hold.applied_at is not None:
        raise ConflictError("Too late: that decision has taken effect.")
    hold.undone_at = now
    hold.save(update_fields=["undone_at"])
    log_append(
        game=game,
        kind="decision_undone",
        text=f"{by.public_name} undid a {hold.get_kind_display().lower()} (#{hold.subject_id}) "
        "before it took effect.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return hold
