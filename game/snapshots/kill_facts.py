"""Database rows -> the facts kills are decided on (R11-R14, R18, R28, R29, R36, R40, R41, R52).
The R12 checks' facts of any report (`kill_context`, `kill_report_facts`); everything one pending
report's confirmation reads (`kill_decision_facts`), gathered once before anything is written;
the traps (R36); and the kill clocks' facts (`mafia_kill_days`, `undecided_reports`,
`day_end_clock`). Every function here reads a fixed number of queries whatever the size of the
game. A kill confirmation reads only here, decides only in the rules (`kill_confirmation`), then
writes (README, "One pass for a kill decision")."""

from __future__ import annotations

from dataclasses import dataclass

from game.models import (
    Day,
    Game,
    GameStatus,
    Investigation,
    Item,
    Kill,
    KillerAlignment,
    KillRecord,
    KillStatus,
    MafiaPowerUse,
    Player,
    ResultStatus,
    Stalking,
    Tazing,
)
from game.rulesets.base import KILLED, PlayerStatus
from game.rulesets.live_action import facts
from game.rulesets.live_action.kills import FREE_KILL_METHODS, MAFIA_METHODS, PendingKill
from game.rulesets.live_action.powers import hitman, poison, scheme, set_a_trap
from game.rulesets.live_action.roles import desperado, gay_knight, priest, serial_killer, vigilante
from game.rulesets.live_action.win import DayEndClock, Death
from game.rulesets.live_action.win import mafia_kill_days as rules_mafia_kill_days
from game.snapshots.power_facts import priest_entries, traps_of

_ALIGNMENT_CAUSE = {
    KillerAlignment.TOWN: (KILLED.code, facts.Alignment.TOWN),
    KillerAlignment.MAFIA: (KILLED.code, facts.Alignment.MAFIA),
    KillerAlignment.SERIAL_KILLER: (KILLED.code, facts.Alignment.SERIAL_KILLER),
    KillerAlignment.HITMAN: (hitman.DEATH.code, None),
}


@dataclass(frozen=True)
class KillContext:
    """What the R12 checks read, loaded once: players, the kills decided so far (confirmed or
    failed), hitman hires, correct Gay Knight guesses, tazings and traps."""

    players: dict[int, Player]
    decided: list[Kill]
    hitman_days: frozenset[int]
    correct_guesses: dict[int, int]
    tazed: frozenset[tuple[int, int]]
    traps: list[set_a_trap.Trap]
    living_mafia: frozenset[int]


def kill_context(game: Game, *, reports: list[Kill] | None = None) -> KillContext:
    """What the R12 checks read. With `reports`, the players are only those these reports and
    the decided kills name (the moderators' queue checks every pending report at once, and a
    game of 1,000 players need not be loaded for it); the living mafia are always all of them."""
    decided = list(
        Kill.objects.filter(game=game, status__in=[KillStatus.CONFIRMED, KillStatus.FAILED])
        .only("id", "victim_id", "killer_id", "method", "day", "status", "happened_at", "disarmed")
        .order_by("happened_at", "id")
    )
    rows = game.players.all()
    if reports is not None:
        named = [*reports, *decided]
        rows = rows.filter(
            pk__in={k.victim_id for k in named} | {k.killer_id for k in named if k.killer_id}
        )
    players = {p.pk: p for p in rows}
    hitman_days = frozenset(
        MafiaPowerUse.objects.filter(game=game, power=hitman.POWER.code).values_list(
            "day", flat=True
        )
    )
    guesses = Investigation.objects.filter(
        game=game, capacity=gay_knight.GUESS.code, status=ResultStatus.SENT, answer=True
    ).prefetch_related("suspects")
    correct = {g.asker_id: next(iter(s.pk for s in g.suspects.all()), 0) for g in guesses}
    tazed = frozenset(Tazing.objects.filter(game=game).values_list("target_id", "day"))
    # Once per context, not per report: the moderators' queue reads it for every pending kill.
    living_mafia = frozenset(
        pk
        for pk, role, conscripted in game.players.filter(alive=True).values_list(
            "id", "role", "conscripted"
        )
        if role and game.rules.is_mafia_aligned(role, conscripted=conscripted)
    )
    return KillContext(players, decided, hitman_days, correct, tazed, traps_of(game), living_mafia)


def kill_report_facts(context: KillContext, kill: Kill) -> facts.KillReport:
    """The reported `kill` as the R12 checks see it, against the kills decided before it."""
    players = context.players
    killer = players.get(kill.killer_id) if kill.killer_id else None
    victim = players[kill.victim_id]
    today = [k for k in context.decided if k.day == kill.day and k.pk != kill.pk]
    confirmed_today = [k for k in today if k.status == KillStatus.CONFIRMED]
    mafia_today = [k for k in confirmed_today if k.method in MAFIA_METHODS]
    return facts.KillReport(
        method=kill.method,
        killer=killer.pk if killer else None,
        target=victim.pk,
        day=kill.day,
        killer_role=killer.role or None if killer else None,
        killer_conscripted=bool(killer and killer.conscripted),
        killer_alive=killer is None
        or facts.PlayerLife(killer.pk, killer.alive, killer.died_at).alive_at(kill.happened_at),
        killer_tazed_today=killer is not None and (killer.pk, kill.day) in context.tazed,
        target_alive=victim.alive,
        target_gone_desperado=victim.role == desperado.ROLE.code
        and victim.desperado_since_day is not None,
        target_guessed_correctly=victim.pk in context.correct_guesses,
        free_kill_used_today=any(
            k.method in FREE_KILL_METHODS
            and not set_a_trap.held_charge_at(k.victim_id, k.happened_at, context.traps)
            for k in mafia_today
        ),
        target_holds_charge=set_a_trap.held_charge_at(victim.pk, kill.happened_at, context.traps),
        target_failed_by_mafia_today=any(
            k.victim_id == victim.pk and k.status == KillStatus.FAILED and k.method in MAFIA_METHODS
            for k in today
        ),
        scheme_used=any(
            k.method == scheme.KILL.code and k.status == KillStatus.CONFIRMED
            for k in context.decided
        ),
        mafia_killers_today=frozenset(k.killer_id for k in mafia_today if k.killer_id),
        living_mafia=context.living_mafia,
        hitman_hired_today=kill.day in context.hitman_days,
        hitman_killed_today=any(k.method == hitman.KILL.code for k in confirmed_today),
        serial_killer_last_kill_day=max(
            (
                k.day
                for k in context.decided
                if k.killer_id == kill.killer_id
                and k.pk != kill.pk
                and k.method == serial_killer.KILL.code
                and (k.status == KillStatus.CONFIRMED or k.disarmed)
            ),
            default=None,
        ),
        serial_killer_tried_target_today=any(
            k.killer_id == kill.killer_id and k.victim_id == victim.pk for k in today
        ),
        vigilante_power_from_day=vigilante.power_from_day(_vigilante_attempts(context, kill)),
        gay_knight_guessed_killer=context.correct_guesses.get(kill.killer_id or 0),
    )


def _vigilante_attempts(context: KillContext, kill: Kill) -> list[vigilante.Attempt]:
    """The vigilante's decided attempts before `kill`, oldest first (R30)."""
    return [
        vigilante.Attempt(
            day=earlier.day,
            victim_died=earlier.status == KillStatus.CONFIRMED,
            victim_role=context.players[earlier.victim_id].role,
            victim_conscripted=context.players[earlier.victim_id].conscripted,
        )
        for earlier in context.decided
        if earlier.killer_id == kill.killer_id
        and earlier.method == vigilante.KILL.code
        and earlier.pk != kill.pk
    ]


def player_statuses(game: Game) -> tuple[PlayerStatus, ...]:
    """Every dealt player as the win checks read them. One query."""
    return tuple(
        PlayerStatus(pk, role, alive, conscripted)
        for pk, role, alive, conscripted in Player.objects.filter(game=game)
        .exclude(role="")
        .values_list("pk", "role", "alive", "conscripted")
    )


def mafia_kill_days(game: Game) -> frozenset[int]:
    """The days with a kill that counts for the mafia clock (R18): kills by mafia-aligned
    players and hitmen, and poison deaths, on the day they happen. Two queries."""
    deaths = [
        Death(victim or 0, day, *_ALIGNMENT_CAUSE[kind])
        for day, victim, kind in KillRecord.objects.filter(game=game, disarmed=False).values_list(
            "day", "victim_id", "killer_alignment"
        )
    ]
    deaths += [
        Death(victim=pk, day=day, cause=poison.DEATH.code)
        for pk, day in Player.objects.filter(
            game=game, death_cause=poison.DEATH.code, death_day__isnull=False
        ).values_list("pk", "death_day")
    ]
    return rules_mafia_kill_days(deaths, serial_killer_kills_count=game.serial_killer_kills_count)


def undecided_reports(
    game: Game, *, up_to_day: int | None = None, day: int | None = None
) -> list[Kill]:
    """Kill reports that no moderator has confirmed or rejected (R52), of day `day` or of the days
    up to `up_to_day` (exactly one of them), with their victims, oldest day first. One query."""
    if (up_to_day is None) == (day is None):
        raise TypeError("undecided_reports takes exactly one of up_to_day and day")
    days = {"day": day} if day is not None else {"day__lte": up_to_day}
    return list(
        Kill.objects.filter(game=game, status=KillStatus.PENDING, **days)
        .select_related("victim")
        .order_by("day", "id")
    )


def day_end_clock(
    game: Game, *, last_ended: int | None = None, deciding: Kill | None = None
) -> DayEndClock | None:
    """The mafia kill clock after day `last_ended` (default: the last ended) (R18), waiting for the
    reports still undecided (R52) once `deciding` is decided; None when no clock runs (a
    night-and-day game, a game over, no day ended yet)."""
    if game.status != GameStatus.RUNNING or not game.rules.day_clock:
        return None
    last_ended = last_ended or (
        Day.objects.filter(game=game, ended_at__isnull=False)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    if not last_ended:
        return None
    waiting = undecided_reports(game, up_to_day=last_ended)
    others = frozenset(k.day for k in waiting if deciding is None or k.pk != deciding.pk)
    return DayEndClock(player_statuses(game), last_ended, mafia_kill_days(game), others)


@dataclass(frozen=True)
class KillDecisionFacts:
    """One pending kill report and everything its confirmation reads: the rules' `pending`, and
    the rows the decision's writes name (the victim's items, the players by id)."""

    kill: Kill
    pending: PendingKill
    items: list[Item]
    players: dict[int, Player]


def kill_decision_facts(game: Game, kill: Kill) -> KillDecisionFacts:
    """`kill` (a pending report, its victim and killer loaded) as its confirmation reads it, in
    a fixed number of queries: the R12 facts, the victim's items, the priests' lists and the
    stalkings of the killer (R28, R29, R41), the open day's end (R2), and for a disarm claim the
    mafia kill clock it may let run out (R18, R52)."""
    context = kill_context(game)
    players = context.players
    killer = kill.killer
    items = list(Item.objects.filter(holder_id=kill.victim_id, destroyed_at__isnull=True))
    entries, stalks = [], []
    if killer is not None:
        entries = priest_entries(game)
        stalks = list(
            Stalking.objects.filter(game=game, target_id=killer.pk, day=kill.day).values_list(
                "stalker_id", "day"
            )
        )
    day_ends_at = (
        Day.objects.filter(game=game, number=game.current_day, ended_at__isnull=True)
        .values_list("ends_at", flat=True)
        .first()
    )
    spec = game.rules.kill_method(kill.method) if kill.method else None
    pending = PendingKill(
        method=kill.method,
        killer=kill.killer_id,
        victim=kill.victim_id,
        day=kill.day,
        report=kill_report_facts(context, kill) if kill.method else None,
        killer_needed=killer is None and (spec is None or spec.needs_player_killer),
        killer_role=killer.role if killer else "",
        killer_mafia_aligned=bool(killer and killer.mafia_aligned),
        victim_mafia_aligned=kill.victim.mafia_aligned,
        disarm_claimed=kill.disarm_claimed,
        announced=kill.announced_at is not None,
        victim_items=tuple(item.get_kind_display() for item in items),
        living_mafia=context.living_mafia,
        priest_lists=priest.lists_at(entries, kill.happened_at),
        stalks=tuple(stalks),
        day_ends_at=day_ends_at,
        clock=day_end_clock(game, deciding=kill) if kill.disarm_claimed else None,
    )
    return KillDecisionFacts(kill, pending, items, players)
