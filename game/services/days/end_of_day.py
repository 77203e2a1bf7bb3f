"""End-of-day deaths (R4, R15, R25, R26, R32, R35, R49).

Each cause becomes a DueEvent when it happens (`poison_schedule`, `desperado_schedule`, the
partner death on any Gay Knight's death, `bloodlust_refresh`, an inactivity notice), of the kind
of its death cause (`DeathCauseSpec.event_kind`). The event's `day` is the day at whose end the
player dies; its `due_at` is that day's scheduled end, kept in step when the day end moves
(day_cycle). The deaths are applied by the day-end step `end_of_day_deaths`, inside the day end's
transaction and after the execution (R4), which asks the rules who dies (`deaths_due`), so they
happen exactly once with the day end. Should the periodic job reach such an event before the
day-end event itself (same due time), its handler runs that day end: either way one day end."""

import datetime as dt

from game.errors import GameRuleError
from game.models import Day, DueEvent, Game, GameStatus, Player, Visibility
from game.rulesets.live_action import LIVE_ACTION, evictions
from game.rulesets.live_action.day_clock import day_end_after
from game.rulesets.live_action.end_of_day import ScheduledDeath, deaths_due
from game.rulesets.live_action.powers import poison
from game.rulesets.live_action.roles import desperado, gay_knight, serial_killer
from game.services.days.day_cycle import day_end_key, process_day_end
from game.services.killing.deaths import player_die
from game.services.killing.kill_clocks import serial_killer_reset_days
from game.services.locking import lock_game
from game.services.log import log_append

CAUSE_OF_KIND = {cause.event_kind: cause.code for cause in LIVE_ACTION.end_of_day_causes}
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


def _schedule(game: Game, kind: str, subject: Player, day: int, key: str) -> DueEvent:
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
        poison.DEATH.event_kind,
        victim,
        poison.death_day(day),
        f"game:{game.pk}:poison:{victim.pk}:{day}",
    )


def desperado_schedule(
    *, game: Game, player: Player, went_desperado_on: int, now: dt.datetime
) -> DueEvent:
    """R25: desperado from the start of day D, the player dies at the end of day D+1."""
    return _schedule(
        game,
        desperado.DEATH.event_kind,
        player,
        desperado.death_day(went_desperado_on),
        f"game:{game.pk}:desperado:{player.pk}",
    )


def partner_death_schedule(game: Game, player: Player, at: dt.datetime) -> None:
    """Death hook (R26): when a Gay Knight dies on day D, their living partner dies at the end of
    day D+1."""
    if player.role != gay_knight.ROLE.code or not player.partner_id:
        return
    partner = Player.objects.filter(pk=player.partner_id, alive=True).first()
    if partner is None or game.status != GameStatus.RUNNING:
        return
    _schedule(
        game,
        gay_knight.PARTNER_DEATH.event_kind,
        partner,
        gay_knight.partner_death_day(player.death_day),
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
    kind = serial_killer.BLOODLUST.event_kind
    killers = list(
        Player.objects.filter(game=game, alive=True, role=serial_killer.ROLE.code).values_list(
            "pk", flat=True
        )
    )
    pending = {
        event.subject_id: event
        for event in DueEvent.objects.filter(
            game=game, kind=kind, done_at__isnull=True, cancelled_at__isnull=True
        )
    }
    if not killers and not pending:
        return
    resets = serial_killer_reset_days(game, killers)
    for killer in killers:
        day = max(serial_killer.bloodlust_death_day(resets[killer]), through_day)
        event = pending.pop(killer, None)
        if event is not None and event.day == day:
            continue
        if event is not None:
            DueEvent.objects.filter(pk=event.pk).update(cancelled_at=at)
        DueEvent.objects.create(
            game=game,
            kind=kind,
            subject_id=killer,
            day=day,
            due_at=scheduled_end_of_day(game, day),
            key=f"game:{game.pk}:bloodlust:{killer}:{day}:{len(resets[killer])}",
        )
    for event in pending.values():
        DueEvent.objects.filter(pk=event.pk).update(cancelled_at=at)


def end_of_day_deaths(game: Game, day: Day, ended_at: dt.datetime) -> None:
    """Day-end step (R4, R15): after the execution, every end-of-day death due at the end of this
    day as the rules decide (`deaths_due`), each announced as "X died at the end of day N." and
    followed by the win check."""
    bloodlust_refresh(game, day.number, ended_at)
    events = list(
        DueEvent.objects.filter(
            game=game, kind__in=END_OF_DAY_KINDS, done_at__isnull=True, cancelled_at__isnull=True
        )
        .select_related("subject", "inactivity_notice")
        .order_by("id")
    )
    scheduled: dict[DueEvent, ScheduledDeath] = {}
    for event in events:
        death_day = event.day
        if event.kind == evictions.EVICTION.event_kind:
            if not _eviction_due(game, event, day, ended_at):
                continue
            death_day = day.number
        scheduled[event] = ScheduledDeath(event.subject_id, CAUSE_OF_KIND[event.kind], death_day)
    living = {event.subject_id for event in events if event.subject.alive}
    for due in deaths_due(day.number, scheduled.values(), living):
        player_events = [
            e
            for e, death in scheduled.items()
            if death.player == due.player and death.day <= day.number
        ]
        DueEvent.objects.filter(pk__in=[e.pk for e in player_events]).update(done_at=ended_at)
        player = player_events[0].subject
        log_append(
            game=game,
            kind="end_of_day_death",
            text=f"{player.name} died at the end of day {day.number}.",
            visibility=Visibility.PUBLIC,
            now=ended_at,
        )
        player_die(game=game, player=player, at=ended_at, cause=due.causes[0], day=day.number)
        if game.status != GameStatus.RUNNING:
            return


def _eviction_due(game: Game, event: DueEvent, day: Day, ended_at: dt.datetime) -> bool:
    """R49: evicted at the first day end at or after the notice's deadline; a day that ended
    before the deadline (ended early) moves the eviction to the next day."""
    notice = getattr(event, "inactivity_notice", None)
    if notice is None:
        return False
    rule_notice = evictions.InactivityNotice(
        notice.player_id, notice.sent_at, notice.acknowledged_at
    )
    if evictions.evicted_at_day_end(rule_notice, day.started_at, ended_at):
        return True
    if not evictions.acknowledged_in_time(rule_notice) and event.day <= day.number:
        next_end = day_end_after(ended_at, game.zone, game.day_end_time)
        DueEvent.objects.filter(pk=event.pk).update(day=day.number + 1, due_at=next_end)
    return False


def poisoned_told(game: Game, day: Day, ended_at: dt.datetime) -> None:
    """Day-end step, last (R35): at the start of the next day each player poisoned on the day
    that ended is told they were poisoned and when they will die."""
    told_day = day.number + 1
    for event in DueEvent.objects.filter(
        game=game,
        kind=poison.DEATH.event_kind,
        day=poison.death_day(day.number),
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
