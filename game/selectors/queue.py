"""The moderators' queue (R20): kill reports, investigations, shovel uses and mafia counts
waiting for a decision, each with what the rules say of it, in a number of queries that does
not grow with the game."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.http import Http404

from game.models import (
    Game,
    HeldDecision,
    HeldKind,
    Investigation,
    Kill,
    KillStatus,
    MafiaCount,
    Player,
    ResultStatus,
    ShovelUse,
)
from game.permissions import Viewer, can_moderate
from game.rulesets.live_action.kills import METHOD_UNKNOWN, kill_violations
from game.rulesets.reasons import rendered
from game.selectors.kills import kill_statements
from game.snapshots.kill_facts import kill_context, kill_report_facts
from game.snapshots.kills import agreed_by_both, computed_answer, deceptions, statement_differences


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
        .prefetch_related(kill_statements())
    )
    context = kill_context(game, reports=kills) if kills else None
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
    if investigations:
        found = deceptions(game)
        names = dict(Player.objects.filter(game=game).values_list("id", "name"))
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
    return Queue(entries, failed)


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
