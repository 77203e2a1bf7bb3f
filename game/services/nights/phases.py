"""The phase engine of night-and-day games (C1): each phase is a row with its deadline as a due
event (R4), processed once by the periodic job; at its end the steps its rule set names run,
then the next phase begins. Moderators may end a phase now; a setting ends a night as soon as
every night action is in. Any night-and-day rule set runs on it: the rule set names its phases
and their steps, the services register one function per step name (services.hooks)."""

import datetime as dt
from collections.abc import Callable

from django.db import transaction

from game.errors import ConflictError, GameRuleError
from game.models import Day, DueEvent, Game, GamePhase, GameStatus, User, Visibility
from game.rulesets.phases import (
    PhaseClock,
    PhaseId,
    phase_end_after,
    phase_following,
)
from game.rulesets.registry import PHASE_END_EVENT
from game.services.locking import lock_day_for_end, lock_game, uses_database_clock
from game.services.log import local_text, log_append
from game.services.nights.action_reminders import action_reminder_schedule
from game.services.nights.day_rows import day_row_open, votes_in_phase

PhaseStep = Callable[[Game, GamePhase, dt.datetime], None]
MISSED_PHASE_ENDS = "missed_phase_ends"

# The effectful steps a night-and-day phase's end may name (`Phase.end_steps`), registered by
# name in services.hooks. They run in the phase end's transaction, after the phase is closed
# and before the next one begins.
PHASE_STEPS: dict[str, PhaseStep] = {}

# What starts with a phase (the day-0 greeting, HP's round header), by rule set and phase code;
# also registered in services.hooks.
PHASE_OPENINGS: dict[tuple[str, str], PhaseStep] = {}

# Whether a rule set's open phase still waits for someone to act, by rule set (HP's people,
# H2); a phase that waits for nobody ends at once (`phases_unwaited_end`). Registered in
# services.hooks; a rule set without one waits for its deadlines and its moderators.
PHASE_WAITING: dict[str, Callable[[Game, GamePhase], bool]] = {}


def phase_clock(game: Game) -> PhaseClock:
    """The game's end times by phase code; a phase that keeps another's clock (HP's repeated
    vote, at the day's time) gets that one's."""
    end_times = {"day": game.day_end_time, "night": game.night_end_time}
    for phase in game.rules.phases:
        if phase.clock:
            end_times[phase.code] = end_times[phase.clock]
    return PhaseClock(zone=game.zone, end_times=end_times, minutes=game.phase_minutes)


def phase_key(game: Game, phase: PhaseId) -> str:
    return f"game:{game.pk}:{PHASE_END_EVENT}:{phase.code}:{phase.number}"


def phase_deadline(game: Game, phase: PhaseId, starts_at: dt.datetime) -> dt.datetime | None:
    """When a phase that begins at `starts_at` ends (C1); never for a phase its host's step
    ends (a Chiang Mai night or day, M12), nor in a game nobody moderates (a solo HP game, H10:
    no wall-clock wait), whose phases end as its players act."""
    if game.rules.phase(phase.code).host_ended or not game.moderators.exists():
        return None
    return phase_end_after(phase, starts_at, phase_clock(game))


def phase_begin(
    *, game: Game, phase: PhaseId, starts_at: dt.datetime, state: dict | None = None
) -> GamePhase:
    """Phase `phase` starts at `starts_at` and ends at its deadline (C1), with the rule set's
    `state` of it (HP's decided day, H7). A phase in which the day votes opens the day's `Day`
    row (`day_row_open`). The caller holds the game lock."""
    ends_at = phase_deadline(game, phase, starts_at)
    event = None
    if ends_at is not None:
        event = DueEvent.objects.create(
            game=game,
            kind=PHASE_END_EVENT,
            day=phase.number,
            due_at=ends_at,
            key=phase_key(game, phase),
        )
    row = GamePhase.objects.create(
        game=game,
        code=phase.code,
        number=phase.number,
        started_at=starts_at,
        ends_at=ends_at,
        event=event,
        state=state or {},
    )
    if votes_in_phase(game, row):
        day_row_open(game, row)
    game.current_day = phase.number
    game.current_phase = phase.code
    game.save(update_fields=["current_day", "current_phase"])
    if game.rules.phase(phase.code).announced:
        log_append(
            game=game,
            kind="phase_started",
            text=f"{phase.label(game.rules)} has begun. It ends {local_text(game, ends_at)}.",
            visibility=Visibility.PUBLIC,
            now=starts_at,
        )
    action_reminder_schedule(game=game, phase=row)
    opening = PHASE_OPENINGS.get((game.ruleset, phase.code))
    if opening is not None:
        opening(game, row, starts_at)
    return row


def current_phase(game: Game) -> GamePhase | None:
    """The game's latest phase (None before the start)."""
    return GamePhase.objects.filter(game=game).order_by("-started_at", "-id").first()


def process_phase_end(event: DueEvent, now: dt.datetime) -> None:
    """Close the event's phase at its scheduled end, however late the job runs (C1, R4), and
    every phase after it that nobody needs to act in (`phases_unwaited_end`). The caller holds
    the event's row; a phase already closed changes nothing."""
    game = lock_game(event.game_id)
    phase = GamePhase.objects.filter(event=event).first()
    if phase is not None and _phase_close(game, phase):
        phases_unwaited_end(game=game, now=phase.ends_at)


def _phase_close(game: Game, phase: GamePhase) -> bool:
    """Close `phase` at its scheduled end, run the steps its rule set names and begin the next
    phase; False when the game is not running or the phase is closed already."""
    if game.status != GameStatus.RUNNING or phase.ended_at is not None:
        return False
    ended_at = phase.ends_at
    phase.ended_at = ended_at
    phase.save(update_fields=["ended_at"])
    if votes_in_phase(game, phase):
        Day.objects.filter(game=game, number=phase.number).update(ended_at=ended_at)
    ident = PhaseId(phase.number, phase.code)
    spec = game.rules.phase(phase.code)
    if spec.announced:
        log_append(
            game=game,
            kind="phase_ended",
            text=f"{ident.label(game.rules)} has ended.",
            visibility=Visibility.PUBLIC,
            now=ended_at,
        )
    for name in spec.end_steps:
        PHASE_STEPS[name](game, phase, ended_at)
        if game.status != GameStatus.RUNNING:
            return True
    following, state = phase_following(game.rules, ident, phase.state)
    phase_begin(game=game, phase=following, starts_at=ended_at, state=state)
    return True


def _phase_cut(game: Game, phase: GamePhase, now: dt.datetime) -> None:
    """`phase` ends at `now` through the same steps as at its deadline, which is then done."""
    event = DueEvent.objects.select_for_update().filter(pk=phase.event_id).first()
    phase.ends_at = now
    phase.save(update_fields=["ends_at"])
    if votes_in_phase(game, phase):
        Day.objects.filter(game=game, number=phase.number).update(ends_at=now)
    if event is not None:
        event.due_at = now
        event.save(update_fields=["due_at"])
    _phase_close(game, phase)
    if event is not None:
        event.done_at = now
        event.save(update_fields=["done_at"])


def phase_end_at_once(*, game: Game, phase: GamePhase, now: dt.datetime) -> None:
    """End `phase` at `now` through the same steps as its deadline, and every phase after it
    that nobody needs to act in. The caller holds the game lock and has checked that the phase
    is open."""
    _phase_cut(game, phase, now)
    phases_unwaited_end(game=game, now=now)


def phases_unwaited_end(*, game: Game, now: dt.datetime) -> None:
    """End at `now`, one after the other, the game's phases that wait for nobody, as its rule
    set's `PHASE_WAITING` says (H2: a night ends as soon as every group has chosen, a vote as
    soon as everyone has voted; H10: the computer's seats choose at that moment, and after the
    last person's death the game plays on by itself to its end). The caller holds the game
    lock."""
    waiting = PHASE_WAITING.get(game.ruleset)
    if waiting is None:
        return
    phase = current_phase(game)
    while game.status == GameStatus.RUNNING and not waiting(game, phase):
        _phase_cut(game, phase, now)
        phase = current_phase(game)


def open_phase(
    game: Game,
    *,
    code: str | None = None,
    number: int | None = None,
    now: dt.datetime | None = None,
) -> GamePhase:
    """The game's open phase; ConflictError (409) when the game is not running, or when the
    phase the caller meant (`code`, `number`) has already ended. Given `now`, a phase whose
    scheduled end has passed is over too, though the job has not closed it yet (C1, R4: what
    arrives after the deadline does not count, as for votes)."""
    if game.status != GameStatus.RUNNING:
        raise ConflictError("The game is not running: no phase is open.")
    phase = current_phase(game)
    if phase is None or phase.ended_at is not None:
        raise ConflictError("The phase has already ended.")
    if now is not None and phase.ends_at is not None and phase.ends_at <= now:
        raise ConflictError(f"{phase} has already ended: its time ran out.")
    meant = (code or phase.code, phase.number if number is None else number)
    if meant[0] not in {p.code for p in game.rules.phases}:
        raise GameRuleError(f"{game.rules.name} games have no phase named {meant[0][:20]!r}.")
    if meant != (phase.code, phase.number):
        label = PhaseId(meant[1], meant[0]).label(game.rules)
        raise ConflictError(f"{label} is over or not yet open; it is now {phase}.")
    return phase


@transaction.atomic
def phase_end_now(
    *,
    game_id: int,
    by: User,
    now: dt.datetime,
    code: str,
    number: int,
    reason: str = "",
) -> GamePhase:
    """A moderator ends the open phase at once (C1). The request names the phase it ends, so
    that a double click or two moderators at once end one phase: the second gets 409. A game
    paused because phase ends were missed (`phase_end_held_for_moderators`) resumes from now.

    A day ends at the moment it holds the day's row, on the database's clock where it orders
    the game: the votes in flight, which share that row, are recorded before it and counted;
    the next ones find the day over (as the live-action day's end, `day_end_now`)."""
    game = lock_game(game_id)
    if game.rules.host_run:
        raise GameRuleError("The host's taps at the table end this game's phases.")
    if game.rules.day_clock:
        raise GameRuleError("This game has days only: end the day instead.")
    phase = open_phase(game, code=code, number=number)
    day = Day.objects.filter(game=game, number=phase.number, ended_at__isnull=True).first()
    if day is not None:
        held_at = lock_day_for_end(day)
        now = held_at if uses_database_clock() else now
    if game.clock_paused_at is not None:
        game.clock_paused_at = None
        game.save(update_fields=["clock_paused_at"])
    log_append(
        game=game,
        kind="phase_ended_early",
        text=f"The moderators ended {PhaseId(phase.number, phase.code).label(game.rules)} early.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
        reason=reason,
    )
    phase_end_at_once(game=game, phase=phase, now=now)
    phase.refresh_from_db()
    return phase


def phase_end_held_for_moderators(event: DueEvent, now: dt.datetime) -> bool:
    """Before the job runs a phase end: when the phase after it is overdue too (the job was
    away, e.g. a broker outage), no player saw that phase, so the game's clock pauses and its
    moderators are told, as for live-action day ends (R4). Ending the phase from the phase
    panel resumes the game from then. The caller holds the game lock."""
    game = Game.objects.get(pk=event.game_id)
    phase = GamePhase.objects.filter(event=event).first()
    if game.status != GameStatus.RUNNING or phase is None or phase.ended_at is not None:
        return False
    ident = PhaseId(phase.number, phase.code)
    following, _ = phase_following(game.rules, ident, phase.state)
    if phase_end_after(following, phase.ends_at, phase_clock(game)) > now:
        return False
    game.clock_paused_at = now
    game.save(update_fields=["clock_paused_at"])
    log_append(
        game=game,
        kind=MISSED_PHASE_ENDS,
        text=(
            f"{ident.label(game.rules)} should have ended {local_text(game, phase.ends_at)}, "
            f"and {following.label(game.rules)} after it, while the clock was not running. The "
            "game is paused: end the phase from the phase panel to go on from now."
        ),
        visibility=Visibility.MODERATORS,
        now=now,
    )
    return True
