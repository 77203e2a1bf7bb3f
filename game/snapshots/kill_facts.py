"""Database rows -> the facts a kill report is decided on (R11-R14, R28, R29, R40, R41). The R12
checks' facts of any report (`kill_context`, `kill_report_facts`), and everything one pending
report's confirmation reads (`kill_decision_facts`), gathered once before anything is written.
Every function here reads a fixed number of queries whatever the size of the game."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from game.models import (
    Day,
    Game,
    Investigation,
    Item,
    Kill,
    KillStatus,
    MafiaPowerUse,
    Player,
    PriestList,
    PriestListEntry,
    ResultStatus,
    Stalking,
    Tazing,
)
from game.rulesets.live_action import facts
from game.rulesets.live_action.kills import FREE_KILL_METHODS, MAFIA_METHODS, PendingKill
from game.rulesets.live_action.powers import hitman, scheme, set_a_trap
from game.rulesets.live_action.roles import desperado, gay_knight, priest, serial_killer, vigilante
from game.snapshots.traps import traps_of


@dataclass(frozen=True)
class KillContext:
    """What the R12 checks read, loaded once for the game: players and the kills decided so far
    (confirmed or failed attempts), hitman hires, correct Gay Knight guesses."""

    players: dict[int, Player]
    decided: list[Kill]
    hitman_days: frozenset[int]
    correct_guesses: dict[int, int]
    tazed: frozenset[tuple[int, int]]
    traps: list[set_a_trap.Trap]


def kill_context(game: Game) -> KillContext:
    players = {p.pk: p for p in game.players.all()}
    decided = list(
        Kill.objects.filter(game=game, status__in=[KillStatus.CONFIRMED, KillStatus.FAILED])
        .only("id", "victim_id", "killer_id", "method", "day", "status", "happened_at", "disarmed")
        .order_by("happened_at", "id")
    )
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
    return KillContext(players, decided, hitman_days, correct, tazed, traps_of(game))


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
        living_mafia=frozenset(p.pk for p in players.values() if p.alive and p.mafia_aligned),
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
        vigilante_power_from_day=_vigilante_power(context, kill),
        gay_knight_guessed_killer=context.correct_guesses.get(kill.killer_id or 0),
    )


def _vigilante_power(context: KillContext, kill: Kill) -> int | None:
    """R30, replayed over the vigilante's earlier attempts."""
    power: int | None = 1
    for earlier in context.decided:
        if earlier.killer_id != kill.killer_id or earlier.method != vigilante.KILL.code:
            continue
        if earlier.pk == kill.pk:
            continue
        victim = context.players[earlier.victim_id]
        power = vigilante.power_after_kill(
            day=earlier.day,
            victim_died=earlier.status == KillStatus.CONFIRMED,
            victim_role=victim.role,
            victim_conscripted=victim.conscripted,
        )
    return power


def priest_lists_at(
    entries: list[PriestListEntry], moment: dt.datetime
) -> dict[int, priest.PriestLists]:
    """Each priest's saint and sinner lists as they stood at `moment` (R28)."""
    saints: dict[int, set[int]] = defaultdict(set)
    sinners: dict[int, set[int]] = defaultdict(set)
    for entry in entries:
        if entry.added_at <= moment and (entry.removed_at is None or entry.removed_at > moment):
            target = saints if entry.list == PriestList.SAINT else sinners
            target[entry.priest_id].add(entry.player_id)
    return {
        priest_id: priest.PriestLists(
            saints=frozenset(saints[priest_id]), sinners=frozenset(sinners[priest_id])
        )
        for priest_id in set(saints) | set(sinners)
    }


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
    stalkings of the killer (R28, R29, R41), and the open day's end (R2)."""
    context = kill_context(game)
    players = context.players
    killer = kill.killer
    items = list(Item.objects.filter(holder_id=kill.victim_id, destroyed_at__isnull=True))
    entries, stalks = [], []
    if killer is not None:
        entries = list(PriestListEntry.objects.filter(game=game))
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
        living_mafia=frozenset(p.pk for p in players.values() if p.alive and p.mafia_aligned),
        priest_lists=priest_lists_at(entries, kill.happened_at),
        stalks=tuple(stalks),
        day_ends_at=day_ends_at,
    )
    return KillDecisionFacts(kill, pending, items, players)
