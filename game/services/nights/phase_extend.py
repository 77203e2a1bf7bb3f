"""A moderator's extension of the open phase of a game on the phase engine (C1): its end moves
later, with its deadline row, its day's end and the reminder of missing actions still to come;
announced to everyone, the reason in the moderators' log."""

import datetime as dt

from game.errors import ConflictError, GameRuleError
from game.models import Day, DueEvent, Game, GamePhase, GameStatus, User, Visibility
from game.rulesets.phases import PhaseId
from game.services.log import local_text, log_append
from game.services.nights.action_reminders import action_reminder_due, action_reminder_key
from game.services.nights.day_rows import votes_in_phase
from game.services.nights.phases import current_phase


def phase_extend_to(
    *, game: Game, new_end: dt.datetime, now: dt.datetime, reason: str, by: User | None = None
) -> GamePhase:
    """The caller holds the game lock and has checked that `by` moderates the game."""
    phase = current_phase(game)
    if (
        game.status != GameStatus.RUNNING
        or phase is None
        or phase.ended_at is not None
        or phase.ends_at is None
        or phase.ends_at <= now
    ):
        raise ConflictError("The phase has already ended; it can no longer be extended.")
    if new_end <= phase.ends_at:
        raise GameRuleError("An extension must end the phase later than it ends now.")
    phase.ends_at = new_end
    phase.save(update_fields=["ends_at"])
    if votes_in_phase(game, phase):
        Day.objects.filter(game=game, number=phase.number).update(ends_at=new_end)
    DueEvent.objects.filter(pk=phase.event_id, done_at__isnull=True).update(due_at=new_end)
    reminder = action_reminder_due(game, phase)
    if reminder is not None:
        DueEvent.objects.filter(key=action_reminder_key(game, phase), done_at__isnull=True).update(
            due_at=reminder
        )
    label = PhaseId(phase.number, phase.code).label(game.rules)
    log_append(
        game=game,
        kind="phase_extended",
        text=f"{label} is extended: it now ends {local_text(game, new_end)}.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
        reason=reason,
    )
    return phase
