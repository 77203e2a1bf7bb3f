"""End-of-day deaths (R4, R15, R25, R26, R32, R35, R49).

Each cause becomes a DueEvent when it happens (`poison_schedule`, `desperado_schedule`, the
partner death on any Gay Knight's death, `bloodlust_refresh`, an inactivity notice). The event's
`day` is the day at whose end the player dies; its `due_at` is that day's scheduled end, kept in
step when the day end moves (day_cycle). The deaths are applied by the day-end step
`end_of_day_deaths`, inside the day end's transaction and after the execution (R4), so they
happen exactly once with the day end. Should the periodic job reach such an event before the
day-end event itself (same due time), its handler runs that day end: either way one day end."""

import datetime as dt
from collections import defaultdict

from game.errors import GameRuleError
from game.models import Day, DeathCause, DueEvent, Game, GameStatus, Player, Visibility
from game.rulesets.live_action.day_clock import day_end_after
from game.rulesets.live_action.end_of_day import (
    EVICTION_GRACE,
    bloodlust_death_day,
    desperado_death_day,
    partner_death_day,
    poison_death_day,
)
from game.rulesets.live_action.roles import Role
from game.services.day_cycle import day_end_key, process_day_end
from game.services.deaths import player_die
from game.services.kill_clocks import serial_killer_reset_days
from game.services.locking import lock_game
from game.services.log import log_append

Kind = DueEvent.Kind
# The order of R15's causes when one player is due to die of several at once.
CAUSE_OF_KIND = {
    Kind.POISON_DEATH: DeathCause.POISON,
    Kind.PARTNER_DEATH: DeathCause.PARTNER,
    Kind.DESPERADO_DEATH: DeathCause.DESPERADO,
    Kind.BLOODLUST_DEATH: DeathCause.BLOODLUST,
    Kind.EVICTION: DeathCause.EVICTION,
}
END_OF_DAY_KINDS = tuple(CAUSE_OF_KIND)


def scheduled_end_of_day(game: Game, number: int) -> dt.datetime:
    """When day `number` is due to end as things stand: a known day's end, or the day-end times
    that follow the current day's end (R1, in the game's zone, across daylight-saving days)."""
    current = Day.objects.filter(game=game, number=min(number, game.current_day)).first()
    if current is None:
        raise GameRuleError("The game has not started.")
    end = current.ended_at or current.ends_at
    for _ in range(number - current.number):
        end = day_end_after(end, game.zone, game.day_end_time)
    return end


def _schedule(game: Game, kind: Kind, subject: Player, day: int, key: str) -> DueEvent:
    if day < game.current_day:
        raise GameRuleError(f"Day {day} has already ended.")
    event, _ = DueEvent.objects.get_or_create(
        key=key,
        defaults={
            "game": game,
            "kind": kind,
            "subject": subject,
            "day": day,
            "due_at": scheduled_end_of_day(game, day),
        },
    )
    return event


def poison_schedule(*, game: Game, victim: Player, day: int, now: dt.datetime) -> DueEvent:
    """R35: poisoned on `day`, the victim is told at the start of the next day and dies at the
    end of day+2, after the execution. The caller holds the game lock."""
    return _schedule(
        game,
        Kind.POISON_DEATH,
        victim,
        poison_death_day(day),
        f"game:{game.pk}:poison:{victim.pk}:{day}",
    )


def desperado_schedule(
    *, game: Game, player: Player, went_desperado_on: int, now: dt.datetime
) -> DueEvent:
    """R25: desperado from the start of day D, the player dies at the end of day D+1."""
    return _schedule(
        game,
        Kind.DESPERADO_DEATH,
        player,
        desperado_death_day(went_desperado_on),
        f"game:{game.pk}:desperado:{player.pk}",
    )


def partner_death_schedule(game: Game, player: Player, at: dt.datetime) -> None:
    """Death hook (R26): when a Gay Knight dies on day D, their living partner dies at the end of
    day D+1."""
    if player.role != Role.GAY_KNIGHT or not player.partner_id:
        return
    partner = Player.objects.filter(pk=player.partner_id, alive=True).first()
    if partner is None or game.status != GameStatus.RUNNING:
        return
    _schedule(
        game,
        Kind.PARTNER_DEATH,
        partner,
        partner_death_day(player.death_day),
        f"game:{game.pk}:partner:{partner.pk}",
    )


def pending_events_cancel(game: Game, player: Player, at: dt.datetime) -> None:
    """Death hook: a dead player has no end-of-day death left to die."""
    DueEvent.objects.filter(
        game=game,
        subject=player,
        kind__in=END_OF_DAY_KINDS,
        done_at__isnull=True,
        cancelled_at__isnull=True,
    ).update(cancelled_at=at)


def bloodlust_refresh(game: Game, through_day: int, at: dt.datetime) -> None:
    """R32: keep one bloodlust event per living serial killer, on the day computed from their
    kills and disarms so far. Three queries, plus one write per changed event."""
    killers = list(
        Player.objects.filter(game=game, alive=True, role=Role.SERIAL_KILLER).values_list(
            "pk", flat=True
        )
    )
    pending = {
        event.subject_id: event
        for event in DueEvent.objects.filter(
            game=game, kind=Kind.BLOODLUST_DEATH, done_at__isnull=True, cancelled_at__isnull=True
        )
    }
    if not killers and not pending:
        return
    resets = serial_killer_reset_days(game, killers)
    for killer in killers:
        day = max(bloodlust_death_day(resets[killer]), through_day)
        event = pending.pop(killer, None)
        if event is not None and event.day == day:
            continue
        if event is not None:
            DueEvent.objects.filter(pk=event.pk).update(cancelled_at=at)
        DueEvent.objects.create(
            game=game,
            kind=Kind.BLOODLUST_DEATH,
            subject_id=killer,
            day=day,
            due_at=scheduled_end_of_day(game, day),
            key=f"game:{game.pk}:bloodlust:{killer}:{day}:{len(resets[killer])}",
        )
    for event in pending.values():
        DueEvent.objects.filter(pk=event.pk).update(cancelled_at=at)


def end_of_day_deaths(game: Game, day: Day, ended_at: dt.datetime) -> None:
    """Day-end step (R4, R15): after the execution, every end-of-day death due at the end of this
    day, one death per player (several causes at once: the first in R15's order is recorded),
    each announced as "X died at the end of day N." and followed by the win check."""
    bloodlust_refresh(game, day.number, ended_at)
    events = list(
        DueEvent.objects.filter(
            game=game, kind__in=END_OF_DAY_KINDS, done_at__isnull=True, cancelled_at__isnull=True
        )
        .select_related("subject", "inactivity_notice")
        .order_by("id")
    )
    due: dict[int, list[DueEvent]] = defaultdict(list)
    for event in events:
        if event.kind == Kind.EVICTION:
            if not _eviction_due(game, event, day, ended_at):
                continue
        elif event.day > day.number:
            continue
        due[event.subject_id].append(event)
    order = list(CAUSE_OF_KIND)
    for subject_id in sorted(due):
        player_events = sorted(due[subject_id], key=lambda e: order.index(e.kind))
        DueEvent.objects.filter(pk__in=[e.pk for e in player_events]).update(done_at=ended_at)
        player = player_events[0].subject
        if not player.alive:
            continue
        log_append(
            game=game,
            kind="end_of_day_death",
            text=f"{player.name} died at the end of day {day.number}.",
            visibility=Visibility.PUBLIC,
            now=ended_at,
        )
        player_die(
            game=game,
            player=player,
            at=ended_at,
            cause=CAUSE_OF_KIND[player_events[0].kind],
            day=day.number,
        )
        if game.status != GameStatus.RUNNING:
            return


def _eviction_due(game: Game, event: DueEvent, day: Day, ended_at: dt.datetime) -> bool:
    """R49: evicted at the first day end at or after the notice's deadline; a day that ended
    before the deadline (ended early) moves the eviction to the next day."""
    notice = getattr(event, "inactivity_notice", None)
    if (
        notice is None
        or notice.acknowledged_at is not None
        and (notice.acknowledged_at <= notice.sent_at + EVICTION_GRACE)
    ):
        return False
    if notice.sent_at + EVICTION_GRACE <= ended_at:
        return True
    if event.day <= day.number:
        next_end = day_end_after(ended_at, game.zone, game.day_end_time)
        DueEvent.objects.filter(pk=event.pk).update(day=day.number + 1, due_at=next_end)
    return False


def poisoned_told(game: Game, day: Day, ended_at: dt.datetime) -> None:
    """Day-end step, last (R35): at the start of the next day each player poisoned on the day
    that ended is told they were poisoned and when they will die."""
    told_day = day.number + 1
    for event in DueEvent.objects.filter(
        game=game,
        kind=Kind.POISON_DEATH,
        day=poison_death_day(day.number),
        done_at__isnull=True,
        cancelled_at__isnull=True,
    ).select_related("subject"):
        log_append(
            game=game,
            kind="poisoned",
            text=f"You have been poisoned. You will die at the end of day {event.day} "
            f"unless the game ends first (R35). This is day {told_day}.",
            visibility=Visibility.PLAYERS,
            recipients=[event.subject],
            now=ended_at,
        )


def end_of_day_event_due(event: DueEvent, now: dt.datetime) -> None:
    """Handler of the end-of-day kinds for the periodic job. Their deaths belong to a day end:
    if the day has not ended yet, end it now (its steps apply this event); an event whose day
    ended without it (it was scheduled too late) is cancelled and left to the moderators."""
    game = lock_game(event.game_id)
    day = Day.objects.filter(game=game, number=event.day).first()
    if day is not None and day.ended_at is None:
        day_event = DueEvent.objects.select_for_update().get(key=day_end_key(game, day.number))
        process_day_end(day_event, now)
        day_event.done_at = now
        day_event.save(update_fields=["done_at"])
        return
    if day is None and game.status == GameStatus.RUNNING:
        raise GameRuleError(f"Day {event.day} has not begun; {event} waits for it.")
    if DueEvent.objects.filter(pk=event.pk, done_at__isnull=True).exists():
        event.cancelled_at = now
        event.save(update_fields=["cancelled_at"])
        log_append(
            game=game,
            kind="end_of_day_death_missed",
            text=f"{event} was not applied: its day had already ended. Decide by hand.",
            visibility=Visibility.MODERATORS,
            now=now,
        )
