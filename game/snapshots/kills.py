"""Database rows -> the kill rules' dataclasses (R12, R19, R24). Every function here reads a
fixed number of queries whatever the size of the game, so pages built on them do not grow."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from game.models import (
    Game,
    Kill,
    KillStatement,
    KillStatus,
    MafiaPowerUse,
    Player,
    SiteVisit,
)
from game.rulesets.live_action import facts
from game.rulesets.live_action.investigations import (
    group_investigation_answer,
    investigation_answer,
)
from game.rulesets.live_action.powers import (
    don,
    frame,
    manipulate_press,
)
from game.rulesets.live_action.roles import priest, serial_killer
from game.rulesets.reasons import rendered
from game.rulesets.ruleset import Ruleset
from game.snapshots.power_facts import priest_entries

TIME_TOLERANCE = dt.timedelta(minutes=10)


@dataclass(frozen=True)
class Deceptions:
    """Everything R19 reads for the game's confirmed kills (R28, R37, R42)."""

    kills_by_victim: dict[int, facts.Kill]
    frames: frozenset[facts.Frame]
    uses: frozenset[facts.PowerUse]
    rules: Ruleset


def deceptions(game: Game) -> Deceptions:
    """Four queries: confirmed kills, Don designations, mafia power uses, priest lists."""
    kills = list(game.kills.filter(status=KillStatus.CONFIRMED).order_by("happened_at", "id"))
    uses = list(MafiaPowerUse.objects.filter(game=game))
    dons = [u for u in uses if u.power == don.POWER.code and u.target_id]
    frames = frozenset(
        (u.target_id, u.second_target_id)
        for u in uses
        if u.power == frame.POWER.code and u.target_id and u.second_target_id
    )
    pressed = {u.kill_id for u in uses if u.power == manipulate_press.POWER.code}
    mafia_kills = [
        don.MafiaKill(k.victim_id, k.killer_id, _by_don(k, dons)) for k in kills if k.is_mafia_kill
    ]
    hidden = don.don_hidden_kills(mafia_kills).hidden_victims
    entries = priest_entries(game)
    by_victim = {}
    for kill in kills:
        by_victim[kill.victim_id] = facts.Kill(
            victim=kill.victim_id,
            killer=kill.killer_id,
            don_hidden=kill.is_mafia_kill
            and kill.victim_id in hidden
            and kill.killer_id is not None,
            saint_killed_sinner=kill.killer_id is not None
            and priest.saint_killed_sinner(
                kill.killer_id,
                kill.victim_id,
                priest.lists_at(entries, kill.happened_at).values(),
            ),
            press_manipulated=kill.pk in pressed,
        )
    power_uses = frozenset(facts.PowerUse(u.power, u.target_id, u.second_target_id) for u in uses)
    return Deceptions(by_victim, frames, power_uses, game.rules)


def _by_don(kill: Kill, dons: list[MafiaPowerUse]) -> bool:
    return any(d.target_id == kill.killer_id and d.used_at <= kill.happened_at for d in dons)


def priest_powers_lost(game: Game, priest_player: Player) -> bool:
    """R28: a saint on the priest's lists killed a sinner on them; the powers are gone."""
    entries = [e for e in priest_entries(game) if e.priest == priest_player.pk]
    if not entries:
        return False
    kills = Kill.objects.filter(game=game, status=KillStatus.CONFIRMED, killer__isnull=False)
    return any(
        priest.saint_killed_sinner(
            kill.killer_id, kill.victim_id, priest.lists_at(entries, kill.happened_at).values()
        )
        for kill in kills
    )


@dataclass(frozen=True)
class ComputedAnswer:
    answer: bool
    summary: str
    reasons: list[str]


def computed_answer(
    found: Deceptions, *, capacity: str, victim: int, suspects: list[int], names: dict[int, str]
) -> ComputedAnswer:
    """R19 (R26 for truthful guesses, R31 for sets), with player names in the reasons (R20)."""
    kill = found.kills_by_victim.get(victim) or facts.Kill(victim=victim, killer=None)
    spec = found.rules.capacity(capacity)
    chain = {"uses": found.uses, "chain": found.rules.falsification_chain}
    if not spec.single_suspect:
        group = group_investigation_answer(suspects, kill, found.frames, **chain)
        deciding = [r for _, r in group.members if r.answer == group.answer]
        summary = deciding[0].summary if group.answer else "no"
        return ComputedAnswer(group.answer, summary, rendered(group.reasons, names))
    single = investigation_answer(
        suspects[0], kill, found.frames, gay_knight_guess=spec.truthful, **chain
    )
    return ComputedAnswer(single.answer, single.summary, rendered(single.reasons, names))


def serial_killer_grants(game: Game, player: Player) -> frozenset[int]:
    """R24: the deaths about which `player` (a serial killer) gained an investigation."""
    if player.role != serial_killer.ROLE.code:
        return frozenset()
    visited = SiteVisit.objects.filter(game=game, visitor=player).values_list("victim_id")
    visits = defaultdict(list)
    for visit in SiteVisit.objects.filter(game=game, victim_id__in=visited):
        visits[visit.victim_id].append(
            facts.SiteVisit(
                visit.visitor_id, visit.visited_at, visit.investigative, visit.serial_killer
            )
        )
    killers = dict(
        Kill.objects.filter(
            game=game,
            victim_id__in=list(visits),
            status__in=[KillStatus.PENDING, KillStatus.CONFIRMED],
        ).values_list("victim_id", "killer_id")
    )
    return frozenset(
        victim
        for victim, rows in visits.items()
        if player.pk in serial_killer.gaining_investigation(killers.get(victim), rows)
    )


def statement_differences(statements: list[KillStatement]) -> set[str]:
    """The facts the two parties disagree on, for the dashboard to highlight (R11)."""
    if len(statements) < 2:
        return set()
    first, second = statements[0], statements[1]
    differ = set()
    if first.named_killer_id != second.named_killer_id:
        differ.add("killer")
    if first.method and second.method and first.method != second.method:
        differ.add("method")
    if first.location.strip().lower() != second.location.strip().lower():
        differ.add("location")
    if abs(first.happened_at - second.happened_at) > TIME_TOLERANCE:
        differ.add("time")
    if first.disarm_claimed != second.disarm_claimed:
        differ.add("disarm")
    if second.agrees is False:
        differ.add("disputed")
    return differ


def agreed_by_both(statements: list[KillStatement]) -> bool:
    """Both parties reported or confirmed the same facts, with no disarm to settle (R11, R40):
    what the moderators may confirm in one action."""
    return (
        len({s.reporter_id for s in statements}) >= 2
        and all(s.agrees is not False and not s.disarm_claimed for s in statements)
        and not statement_differences(statements)
    )
