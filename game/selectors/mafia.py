"""What the mafia see of their powers (R34-R42, R50): charges left, every use so far, the
kills they may press and the stored trap charges."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from game.models import (
    Kill,
    KillStatus,
    MafiaPowerUse,
    Player,
)
from game.permissions import Viewer, can_moderate, sees_mafia
from game.rulesets.base import PowerSpec
from game.snapshots.power_facts import TRAP_POWERS, trap_charges_left, traps_of


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


def mafia_powers_left(viewer: Viewer) -> list[tuple[PowerSpec, int]]:
    """Each power with charges and how many are left (R34-R42), as `mafia_state` counts them,
    without the rest of the mafia's page (the moderators' dashboard shows these alone)."""
    if not can_moderate(viewer):
        raise Http404("No such page.")
    game = viewer.game
    charged = [p for p in game.rules.powers if p.charges is not None]
    used = list(MafiaPowerUse.objects.filter(game=game).values_list("power", flat=True))
    left = _charges_left(game, charged, used, traps_of(game))
    return [(power, left[power.code]) for power in charged]


def _charges_left(game, charged: list[PowerSpec], used: list[str], traps) -> dict[str, int]:
    """Charges left of each power: its uses, and a confirmed kill of a power that kills by a
    kill report (Scheme's, R34), spend one; a trap power counts its stored charges (R36)."""
    kill_powers = {m.code: p.code for p in charged if p.via_kill_report for m in p.kills}
    spent = used + [
        kill_powers[method]
        for method in game.kills.filter(
            status=KillStatus.CONFIRMED, method__in=list(kill_powers)
        ).values_list("method", flat=True)
    ]
    left = {p.code: p.charges - spent.count(p.code) for p in charged}
    for power in TRAP_POWERS:
        if power in left:
            left[power] = trap_charges_left(game, power, traps)
    return left


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
    traps = traps_of(game)
    left = _charges_left(game, charged, [u.power for u in uses], traps)
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
