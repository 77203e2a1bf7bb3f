"""Reads of kills with the viewer's visibility applied (R50): the confirmed kills the day end
needs, the viewer's own kills and deaths, and the kill methods a report offers."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Prefetch, Q

from game.models import (
    Game,
    Kill,
    KillStatement,
    KillStatus,
    Player,
)
from game.permissions import Viewer, can_see_kill_method
from game.snapshots.announcements import victim_may_announce


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


def kill_statements() -> Prefetch:
    """A kill's statements with their reporters and named killers, as `statement_list`."""
    return Prefetch(
        "statements",
        queryset=KillStatement.objects.select_related("reporter", "named_killer"),
        to_attr="statement_list",
    )


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
        .prefetch_related(kill_statements())
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
