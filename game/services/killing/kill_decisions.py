"""Moderators confirm, reject or edit reported kills (R11-R14, R40). Every decision is logged with
who, when and why."""

import datetime as dt

from django.db import transaction

from game.errors import ConflictError, GameRuleError, NotFoundError
from game.models import (
    Game,
    Item,
    Kill,
    KillRecord,
    KillStatus,
    User,
    Visibility,
)
from game.rulesets.base import KILLED
from game.rulesets.live_action.kills import (
    METHOD_UNKNOWN,
    kill_confirmation,
    kill_violations,
)
from game.rulesets.reasons import Reason, rendered
from game.services.killing.announcements import kill_announced
from game.services.killing.deaths import player_die
from game.services.killing.kills import day_of, kill_time_checked, made_by_no_player, method_checked
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of
from game.services.wins import game_over_at_day_end, mafia_clock_recheck
from game.snapshots.kill_facts import kill_context, kill_decision_facts, kill_report_facts


def pending_kill(game: Game, kill_id: int) -> Kill:
    """The game's kill report still waiting for a decision: 404 for another game's or none, 409
    once decided. The caller holds the game lock."""
    kill = Kill.objects.select_related("victim", "killer").filter(game=game, pk=kill_id).first()
    if kill is None:
        raise NotFoundError("No such kill report.")
    if kill.status != KillStatus.PENDING:
        raise ConflictError("That kill report has already been decided.")
    return kill


def kill_violations_of(game: Game, kill: Kill) -> list[Reason]:
    """R12: every rule the kill breaks, as the moderator sees them before deciding."""
    if not kill.method:
        return [METHOD_UNKNOWN]
    return kill_violations(kill_report_facts(kill_context(game), kill))


@transaction.atomic
def kill_edit(
    *,
    game_id: int,
    kill_id: int,
    by: User,
    now: dt.datetime,
    reason: str,
    killer_id: int | None = None,
    method: str | None = None,
    happened_at: dt.datetime | None = None,
    location: str | None = None,
) -> Kill:
    """A moderator corrects a pending report's facts (R11); the change is logged with its reason."""
    game = lock_game(game_id)
    kill = pending_kill(game, kill_id)
    if not reason.strip():
        raise GameRuleError("Give a reason for the edit.")
    if method is not None:
        kill.method = method_checked(game, method, required=True)
    if killer_id is not None:
        kill.killer = player_of(game, killer_id, what="The killer")
    if made_by_no_player(game, kill.method):
        kill.killer = None
    if kill.killer_id == kill.victim_id:
        raise GameRuleError("The killer cannot be the victim.")
    if happened_at is not None:
        kill.happened_at = kill_time_checked(game, happened_at, now)
        kill.day = day_of(game, happened_at)
    if location is not None and location.strip():
        kill.location = location.strip()[:200]
    kill.save()
    log_append(
        game=game,
        kind="kill_edited",
        text=f"{by.public_name} edited the kill report of {kill.victim.name}: "
        f"{kill.killer.name if kill.killer else 'hitman/unknown'}, {kill.method or 'unknown'}, "
        f"day {kill.day}, {kill.location}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=reason,
    )
    return kill


@transaction.atomic
def kill_confirm(
    *, game_id: int, kill_id: int, by: User, now: dt.datetime, reason: str = "", override=False
) -> Kill:
    """The kill counts from now with the time it happened (R11): the victim dies, their items pass
    to the killer (R13), and it is announced (R14, R2). A kill the rules forbid (R12) needs an
    override with a reason. A disarm claim is settled by R40, and a disarm decided after a day
    end lets the mafia kill clock that waited for it run (R18, R52). One pass: the facts are read
    once (`kill_decision_facts`), the rules decide everything (`kill_confirmation`), then it is
    written here through the log, the death, the announcement and the game's end."""
    game = lock_game(game_id)
    found = kill_decision_facts(game, pending_kill(game, kill_id))
    decision = kill_confirmation(found.pending, override=override and bool(reason.strip()), now=now)
    if decision.refusal is not None:
        raise GameRuleError(str(decision.refusal))
    kill, names = found.kill, {pk: p.name for pk, p in found.players.items()}
    killer, victim = kill.killer, kill.victim
    kill.killer_role = killer.role if killer else ""
    kill.killer_mafia_aligned = bool(killer and killer.mafia_aligned)
    kill.decided_at, kill.decided_by, kill.decision_reason = now, by, reason.strip()
    kill.status = KillStatus.FAILED if decision.disarmed else KillStatus.CONFIRMED
    kill.disarmed = decision.disarmed
    kill.save()
    KillRecord.objects.create(
        game=game,
        kill=kill,
        day=kill.day,
        killer=killer,
        victim=None if decision.disarmed else victim,
        killer_alignment=decision.killer_alignment,
        happened_at=kill.happened_at,
        announced_at=kill.announced_at,
        disarmed=decision.disarmed,
    )
    if decision.disarmed:
        _log_decision(game, kill, by, now, f"{victim.name} disarmed the shot (R40).")
        if decision.game_over is not None:
            game_over_at_day_end(game, *decision.game_over, now)
        return kill
    overridden = rendered(decision.violations)
    overridden_text = f" Override of: {' '.join(overridden)}" if overridden else ""
    _log_decision(game, kill, by, now, f"Kill of {victim.name} confirmed.{overridden_text}")
    player_die(game=game, player=victim, at=kill.happened_at, cause=KILLED.code, day=kill.day)
    if found.items:
        Item.objects.filter(pk__in=[i.pk for i in found.items]).update(holder_id=decision.heir)
    for told in decision.told:
        log_append(
            game=game,
            kind=told.kind,
            text=told.reason.render(names),
            visibility=Visibility.PLAYERS if told.to is not None else Visibility.MAFIA,
            recipients=[found.players[told.to]] if told.to is not None else [],
            now=now,
        )
    if decision.announce:
        kill_announced(game=game, kill=kill, now=now, by=by, day_end_to=decision.day_end_to)
    return kill


@transaction.atomic
def kill_reject(
    *,
    game_id: int,
    kill_id: int,
    by: User,
    now: dt.datetime,
    reason: str,
    attempt_failed: bool = False,
) -> Kill:
    """The kill did not happen as reported. `attempt_failed`: there was an attempt but the target
    did not die; it then counts for R33 ("the same mafia target already failed today") and for
    the serial killer's same-target rule (R32)."""
    game = lock_game(game_id)
    kill = pending_kill(game, kill_id)
    if not reason.strip():
        raise GameRuleError("Give a reason for rejecting the report.")
    if attempt_failed and not kill.method:
        raise GameRuleError("Set how the attempt was made before recording it as failed.")
    kill.status = KillStatus.FAILED if attempt_failed else KillStatus.REJECTED
    kill.decided_at, kill.decided_by, kill.decision_reason = now, by, reason.strip()
    if kill.killer is not None:
        kill.killer_role = kill.killer.role
        kill.killer_mafia_aligned = kill.killer.mafia_aligned
    kill.save()
    what = "a failed attempt" if attempt_failed else "rejected"
    _log_decision(game, kill, by, now, f"Kill report of {kill.victim.name}: {what}.")
    parties = [s.reporter for s in kill.statements.select_related("reporter")]
    log_append(
        game=game,
        kind="kill_report_rejected",
        text=f"The moderators did not confirm the kill report about {kill.victim.name}.",
        visibility=Visibility.PLAYERS,
        recipients=parties,
        now=now,
    )
    mafia_clock_recheck(game, now)
    return kill


def _log_decision(game: Game, kill: Kill, by: User, now: dt.datetime, text: str) -> None:
    log_append(
        game=game,
        kind="kill_decided",
        text=text,
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=kill.decision_reason,
    )
