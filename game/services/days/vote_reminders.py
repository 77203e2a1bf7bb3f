"""The reminder to vote: some minutes before a day ends (`Game.vote_reminder_minutes`), every
living player who has not voted that day is told so, in the app and, if they asked, by email and
push. No ruling covers reminders; R5 is what they remind of. Each is a due event (R4), processed
once by the periodic job and moved with its day's end."""

import datetime as dt

from django.utils import timezone

from game.models import Day, DueEvent, Game, GameStatus, Visibility, Vote
from game.rulesets.registry import VOTE_REMINDER_EVENT
from game.services.locking import lock_game
from game.services.log import log_append

REMINDED = "vote_reminder"


def vote_reminder_key(game: Game, number: int) -> str:
    return f"game:{game.pk}:vote_reminder:{number}"


def vote_reminder_due(game: Game, day: Day) -> dt.datetime | None:
    """When day `day`'s reminder is due: the game's lead before the day's end; none when the
    game has no reminders or the day is shorter than the lead (a reminder as the day begins
    would only repeat its announcement)."""
    if not game.vote_reminder_minutes:
        return None
    due = day.ends_at - dt.timedelta(minutes=game.vote_reminder_minutes)
    return due if due > day.started_at else None


def vote_reminder_schedule(*, game: Game, day: Day) -> DueEvent | None:
    """Schedule, or move to its day's current end, the reminder of `day`; a reminder already
    sent is not sent again. The caller holds the game lock."""
    due = vote_reminder_due(game, day)
    pending = DueEvent.objects.filter(
        key=vote_reminder_key(game, day.number), done_at__isnull=True, cancelled_at__isnull=True
    )
    if due is None:
        pending.update(cancelled_at=timezone.now())
        return None
    if pending.update(due_at=due):
        return pending.first()
    event, _ = DueEvent.objects.get_or_create(
        key=vote_reminder_key(game, day.number),
        defaults={"game": game, "kind": VOTE_REMINDER_EVENT, "day": day.number, "due_at": due},
    )
    return event


def vote_reminder_cancel(*, game: Game, number: int, at: dt.datetime) -> None:
    """A day that ends (early, or before its reminder ran) reminds nobody any more."""
    DueEvent.objects.filter(
        key=vote_reminder_key(game, number), done_at__isnull=True, cancelled_at__isnull=True
    ).update(cancelled_at=at)


def process_vote_reminder(event: DueEvent, now: dt.datetime) -> None:
    """Remind the living players who have not voted on the event's day, if that day is still
    running; the caller holds the event's row and marks it done, so nobody is reminded twice."""
    game = lock_game(event.game_id)
    day = Day.objects.filter(game=game, number=event.day).first()
    if (
        game.status != GameStatus.RUNNING
        or day is None
        or day.ended_at is not None
        or day.ends_at <= now
    ):
        return
    voted = Vote.objects.filter(game=game, day=day.number).values("voter_id")
    waiting = list(game.players.filter(alive=True).exclude(pk__in=voted).select_related("user"))
    if not waiting:
        return
    ends = timezone.localtime(day.ends_at, game.zone).strftime("%-I:%M %p %Z")
    log_append(
        game=game,
        kind=REMINDED,
        text=f"Day {day.number} ends at {ends} and you have not voted yet. "
        f"{game.rules.day.texts.missing_help}",
        visibility=Visibility.PLAYERS,
        now=now,
        recipients=waiting,
    )
