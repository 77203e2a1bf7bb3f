"""The reminder before a night-and-day phase ends (C1): some minutes before
(`Game.action_reminder_minutes`, an hour by default), each living player whose night action
(C2-C4) or day vote (C5) is still missing is told so, in the app and, if they asked, by email and
push. No ruling covers reminders; the phases' deadlines are what they remind of. Each is a due
event (R4), processed once by the periodic job; a phase that ended first reminds nobody."""

import datetime as dt

from django.utils import timezone

from game.models import DueEvent, Game, GamePhase, GameStatus, NightAction, Player, Visibility, Vote
from game.rulesets.registry import ACTION_REMINDER_EVENT
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import night_actors

REMINDED = "action_reminder"


def action_reminder_key(game: Game, phase: GamePhase) -> str:
    return f"game:{game.pk}:{ACTION_REMINDER_EVENT}:{phase.code}:{phase.number}"


def action_reminder_due(game: Game, phase: GamePhase) -> dt.datetime | None:
    """The game's lead before the phase's end; none when the game has no reminders or the
    phase is shorter than the lead (it would only repeat the phase's announcement) or has no
    deadline."""
    if not game.action_reminder_minutes or phase.ends_at is None:
        return None
    due = phase.ends_at - dt.timedelta(minutes=game.action_reminder_minutes)
    return due if due > phase.started_at else None


def action_reminder_schedule(*, game: Game, phase: GamePhase) -> DueEvent | None:
    """Schedule the reminder of a phase that has just begun; the caller holds the game lock."""
    due = action_reminder_due(game, phase)
    if due is None:
        return None
    event, _ = DueEvent.objects.get_or_create(
        key=action_reminder_key(game, phase),
        defaults={"game": game, "kind": ACTION_REMINDER_EVENT, "day": phase.number, "due_at": due},
    )
    return event


def process_action_reminder(event: DueEvent, now: dt.datetime) -> None:
    """Remind the players whose action is still missing, if the event's phase is still open;
    the caller holds the event's row and marks it done, so nobody is reminded twice."""
    game = lock_game(event.game_id)
    phase = (
        GamePhase.objects.filter(game=game, number=event.day, ended_at__isnull=True)
        .order_by("-started_at", "-id")
        .first()
    )
    if (
        game.status != GameStatus.RUNNING
        or phase is None
        or action_reminder_key(game, phase) != event.key
        or phase.ends_at <= now
    ):
        return
    waiting, what = _missing(game, phase)
    if not waiting:
        return
    ends = timezone.localtime(phase.ends_at, game.zone).strftime("%-I:%M %p %Z")
    log_append(
        game=game,
        kind=REMINDED,
        text=f"{phase.code.capitalize()} {phase.number} ends at {ends} and {what}.",
        visibility=Visibility.PLAYERS,
        now=now,
        recipients=waiting,
    )


def _missing(game: Game, phase: GamePhase) -> tuple[list[Player], str]:
    """Who has not acted in `phase`, and what they have not done."""
    if phase.is_night:
        acted = set(
            NightAction.objects.filter(game=game, night=phase.number).values_list(
                "actor_id", flat=True
            )
        )
        players = [p for p in night_actors(game) if p.pk not in acted]
        return players, "you have not chosen your night action yet (C2)"
    if game.rules.day.votes_in(phase.code, phase.number):
        ballot = game.rules.day.ballot_round(phase.code)
        voted = Vote.objects.filter(game=game, day=phase.number, round=ballot).values("voter_id")
        players = list(game.players.filter(alive=True).exclude(pk__in=voted).order_by("id"))
        return players, game.rules.day.texts.reminder
    return [], ""
