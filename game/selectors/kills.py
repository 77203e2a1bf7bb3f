"""Reads for kills, investigations, shovels and the mafia powers, with the viewer's visibility
applied (R50), in a number of queries that does not grow with the game."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Prefetch, Q
from django.http import Http404

from game.models import (
    Game,
    HeldDecision,
    HeldKind,
    Investigation,
    Kill,
    KillStatement,
    KillStatus,
    MafiaCount,
    MafiaPowerUse,
    Player,
    ResultStatus,
    ShovelUse,
)
from game.permissions import Viewer, can_moderate, can_see_kill_method, sees_mafia
from game.rulesets.base import PowerSpec
from game.rulesets.live_action.kills import METHOD_UNKNOWN, kill_violations
from game.rulesets.reasons import rendered
from game.snapshots.announcements import victim_may_announce
from game.snapshots.kill_facts import (
    TRAP_POWERS,
    kill_context,
    kill_report_facts,
    trap_charges_left,
    traps_of,
)
from game.snapshots.kills import (
    agreed_by_both,
    computed_answer,
    deceptions,
    statement_differences,
)


@dataclass(frozen=True)
class ConfirmedKill:
    """Plain facts of a kill as the day end needs them (R18 mafia kill clock, R32 bloodlust).
    `disarmed`: a serial killer's shot that a mafia disarmed (R40): nobody died, the serial
    killer's clock restarts."""

    kill_id: int
    victim_id: int
    killer_id: int | None
    killer_role: str
    killer_mafia_aligned: bool
    day: int
    happened_at: dt.datetime
    method: str
    disarmed: bool


def confirmed_kills(game: Game) -> list[ConfirmedKill]:
    """Every confirmed kill and every disarm, in time order. A hitman kill has no killer."""
    rows = Kill.objects.filter(game=game).filter(
        Q(status=KillStatus.CONFIRMED) | Q(status=KillStatus.FAILED, disarmed=True)
    )
    return [
        ConfirmedKill(
            k.pk,
            k.victim_id,
            k.killer_id,
            k.killer_role,
            k.killer_mafia_aligned,
            k.day,
            k.happened_at,
            k.method,
            k.disarmed,
        )
        for k in rows.order_by("happened_at", "id")
    ]


def _statements() -> Prefetch:
    return Prefetch(
        "statements",
        queryset=KillStatement.objects.select_related("reporter", "named_killer"),
        to_attr="statement_list",
    )


@dataclass
class QueueEntry:
    """`hold`: the decision taken on it, waiting its minute to take effect (undoable). `agreed`:
    a kill both parties agree on and the rules allow, which "confirm all" confirms."""

    kind: str
    at: dt.datetime
    kill: Kill | None = None
    violations: list[str] = field(default_factory=list)
    differences: set[str] = field(default_factory=set)
    investigation: Investigation | None = None
    computed: object = None
    shovel: ShovelUse | None = None
    mafia_count: MafiaCount | None = None
    hold: HeldDecision | None = None
    agreed: bool = False

    @property
    def subject_id(self) -> int:
        return (self.kill or self.investigation or self.shovel or self.mafia_count).pk


@dataclass(frozen=True)
class Queue:
    entries: list[QueueEntry]
    players: list[Player]
    failed: list[HeldDecision] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        return {
            kind: sum(1 for e in self.waiting if e.kind == kind)
            for kind in ("kill", "investigation", "shovel")
        }

    @property
    def waiting(self) -> list[QueueEntry]:
        return [e for e in self.entries if e.hold is None]

    @property
    def agreed_kills(self) -> list[QueueEntry]:
        return [e for e in self.waiting if e.agreed]

    @property
    def answers(self) -> list[QueueEntry]:
        return [e for e in self.waiting if e.kind in ("investigation", "shovel")]

    @property
    def held(self) -> list[QueueEntry]:
        return [e for e in self.entries if e.hold is not None]


def moderator_queue(viewer: Viewer) -> Queue:
    """Everything waiting for a moderator, oldest first (R20): kill reports with both parties'
    statements and every rule they break (R12), investigations with the computed answer and its
    reasons, shovel uses."""
    if not can_moderate(viewer):
        raise Http404("No such page.")
    game = viewer.game
    entries: list[QueueEntry] = []
    holds = {
        (h.kind, h.subject_id): h
        for h in HeldDecision.objects.filter(
            game=game, applied_at__isnull=True, undone_at__isnull=True
        )
    }
    kills = list(
        Kill.objects.filter(game=game, status=KillStatus.PENDING)
        .select_related("victim", "killer")
        .prefetch_related(_statements())
    )
    context = kill_context(game) if kills else None
    for kill in kills:
        violations = rendered(
            kill_violations(kill_report_facts(context, kill)) if kill.method else [METHOD_UNKNOWN]
        )
        entries.append(
            QueueEntry(
                "kill",
                kill.reported_at,
                kill=kill,
                violations=violations,
                differences=statement_differences(kill.statement_list),
                hold=holds.get((HeldKind.KILL_CONFIRM, kill.pk)),
                agreed=not violations
                and kill.killer_id is not None
                and agreed_by_both(kill.statement_list),
            )
        )
    investigations = list(
        Investigation.objects.filter(game=game, status=ResultStatus.PENDING)
        .select_related("asker", "victim")
        .prefetch_related("suspects")
    )
    players = list(Player.objects.filter(game=game))
    if investigations:
        found = deceptions(game)
        names = {p.pk: p.name for p in players}
        for inv in investigations:
            result = computed_answer(
                found,
                capacity=inv.capacity,
                victim=inv.victim_id,
                suspects=sorted(s.pk for s in inv.suspects.all()),
                names=names,
            )
            entries.append(
                QueueEntry(
                    "investigation",
                    inv.requested_at,
                    investigation=inv,
                    computed=result,
                    hold=holds.get((HeldKind.ANSWER_SEND, inv.pk)),
                )
            )
    for use in ShovelUse.objects.filter(game=game, status=ResultStatus.PENDING).select_related(
        "player", "dead_player"
    ):
        entries.append(
            QueueEntry(
                "shovel", use.used_at, shovel=use, hold=holds.get((HeldKind.SHOVEL_SEND, use.pk))
            )
        )
    for count in MafiaCount.objects.filter(game=game, status=ResultStatus.PENDING).select_related(
        "mayor"
    ):
        entries.append(QueueEntry("mafia_count", count.requested_at, mafia_count=count))
    entries.sort(key=lambda e: e.at)
    failed = list(
        HeldDecision.objects.filter(game=game, applied_at__isnull=False)
        .exclude(outcome="")
        .filter(applied_at__gte=game.days.order_by("-number").values("started_at")[:1])
    )
    return Queue(entries, players, failed)


def queue_counts(game: Game) -> dict[str, int]:
    """The nav's counts of what waits for a decision (a held decision is taken): five queries."""
    held: dict[str, list[int]] = {kind: [] for kind in HeldKind.values}
    for kind, subject in HeldDecision.objects.filter(
        game=game, applied_at__isnull=True, undone_at__isnull=True
    ).values_list("kind", "subject_id"):
        held[kind].append(subject)
    return {
        "kill": Kill.objects.filter(game=game, status=KillStatus.PENDING)
        .exclude(pk__in=held[HeldKind.KILL_CONFIRM])
        .count(),
        "investigation": Investigation.objects.filter(game=game, status=ResultStatus.PENDING)
        .exclude(pk__in=held[HeldKind.ANSWER_SEND])
        .count(),
        "shovel": ShovelUse.objects.filter(game=game, status=ResultStatus.PENDING)
        .exclude(pk__in=held[HeldKind.SHOVEL_SEND])
        .count(),
        "mafia_count": MafiaCount.objects.filter(game=game, status=ResultStatus.PENDING).count(),
    }


@dataclass(frozen=True)
class MyKill:
    kill: Kill
    awaiting_me: bool
    may_announce: bool
    method_label: str


def kills_of(viewer: Viewer, now: dt.datetime) -> list[MyKill]:
    """The viewer's own kills and deaths (as killer or victim), with what they can do about them."""
    player = viewer.player
    if player is None:
        return []
    kills = (
        Kill.objects.filter(game=viewer.game)
        .filter(Q(victim=player) | Q(killer=player))
        .select_related("victim", "killer")
        .prefetch_related(_statements())
        .order_by("-reported_at")
    )
    mine = []
    for kill in kills:
        own = [s for s in kill.statement_list if s.reporter_id == player.pk]
        mine.append(
            MyKill(
                kill,
                awaiting_me=kill.status == KillStatus.PENDING and not own,
                may_announce=kill.victim_id == player.pk and victim_may_announce(kill, now),
                method_label=kill.get_method_display()
                if can_see_kill_method(viewer, kill, named_it=named_method(kill, own))
                else "",
            )
        )
    return mine


def named_method(kill: Kill, own_statements: list[KillStatement]) -> bool:
    """Whether the viewer's own report (not a confirmation, which copies the other party's
    method) named the kill's method (R11)."""
    return any(s.agrees is None and s.method and s.method == kill.method for s in own_statements)


@dataclass(frozen=True)
class MafiaState:
    """`powers`: each power with charges per game and how many are left (R34-R42)."""

    powers: list[tuple[PowerSpec, int]]
    uses_left: dict[str, int]
    charges: dict[str, int]
    uses: list[MafiaPowerUse]
    players: list[Player]
    mafia: list[Player]
    pressable_kills: list[Kill]
    stored_charges: list[tuple[Player, str]]
    """Living players holding a stored trap charge, with the power's name (R36)."""


def kill_method_choices(game: Game) -> list[tuple[str, str]]:
    """The kill methods of the game's rule set, as a form offers them."""
    return [(method.code, method.label) for method in game.rules.kill_methods]


def kill_methods_for(
    game: Game, player: Player
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The "How" of a kill report, split for `player` (R11): first the methods their role and
    side allow them to kill with (their role's own kills, then the mafia's shared ones if they
    are mafia-aligned, R33, in the rule set's order, so the likeliest leads), then the others,
    which a victim may name for their killer. No ruling orders them; a killer picking a method
    they do not hold made rules violations the moderators fixed by hand."""
    mafia = player.mafia_aligned
    own = [m for m in game.rules.kill_methods if m.role is not None and m.role == player.role]
    shared = [m for m in game.rules.kill_methods if m.mafia and mafia]
    yours = own + [m for m in shared if m not in own]
    others = [m for m in game.rules.kill_methods if m not in yours]
    return (
        [(m.code, m.label) for m in yours],
        [(m.code, m.label) for m in others],
    )


def mafia_state(viewer: Viewer) -> MafiaState:
    """What the mafia see of their powers (R34-R42, R50): uses left (Scheme's spent by a confirmed
    scheme kill, R34) and every use so far."""
    if not (sees_mafia(viewer) or can_moderate(viewer)):
        raise Http404("No such page.")
    game = viewer.game
    uses = list(
        MafiaPowerUse.objects.filter(game=game).select_related(
            "used_by", "target", "second_target", "kill__victim"
        )
    )
    charged = [p for p in game.rules.powers if p.charges is not None]
    kill_powers = {m.code: p.code for p in charged if p.via_kill_report for m in p.kills}
    spent = [u.power for u in uses] + [
        kill_powers[method]
        for method in game.kills.filter(
            status=KillStatus.CONFIRMED, method__in=list(kill_powers)
        ).values_list("method", flat=True)
    ]
    left = {p.code: p.charges - spent.count(p.code) for p in charged}
    traps = traps_of(game)
    for power in TRAP_POWERS:
        if power in left:
            left[power] = trap_charges_left(game, power, traps)
    players = list(game.players.all())
    by_id = {p.pk: p for p in players}
    kills = [
        k
        for k in game.kills.filter(
            status__in=[KillStatus.CONFIRMED, KillStatus.PENDING]
        ).select_related("victim")
        if k.is_mafia_kill
        or (k.status == KillStatus.PENDING and k.killer_id and by_id[k.killer_id].mafia_aligned)
    ]
    return MafiaState(
        powers=[(power, left[power.code]) for power in charged],
        uses_left=left,
        charges={p.code: p.charges for p in charged},
        uses=uses,
        players=players,
        mafia=[p for p in players if p.alive and p.mafia_aligned],
        pressable_kills=kills,
        stored_charges=[
            (by_id[t.target], game.rules.power(t.power).name)
            for t in traps
            if t.right and t.target_alive
        ],
    )
