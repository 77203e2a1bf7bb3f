"""Kill checks and what follows a kill in the live-action rule set (R2, R12, R13).

The caller describes a reported kill as a `KillReport` of plain facts; `kill_violations` lists
every rule it breaks (R12), for the moderator to reject or override: the rules of every kill
here, then those of its method, each in its role's or power's module. The other functions decide
what follows a kill: who gets the victim's items (R13) and the day-end extension (R2), and,
from one `PendingKill`, everything a moderator's confirmation does (`kill_confirmation`): the
refusal, or the disarm (R40), or the death with the items, the priests and stalkers told (R28,
R29, R41), the announcement and the day's new end (R2, R14).

Decisions no ruling spells out:
- A target with kill immunity (R25, R26) must claim it ("I do not die"); the check flags the kill
  and the moderator overrides when the target chose not to claim.
- A kill needs the killer to hold the power it uses: mafia powers (free kill, doorway, scheme) need
  a mafia-aligned killer (conscripts included, R39); the vigilante, serial-killer and Gay Knight
  powers need that role (a conscript keeps them, R39). A hitman kill has no player killer.
- R2: an announcement exactly one hour before day end does not extend the day; one at or after day
  end is too late to extend it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final

from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.live_action.facts import KillReport
from game.rulesets.live_action.powers import hitman
from game.rulesets.live_action.powers.disarm import disarm_outcome
from game.rulesets.live_action.roles import is_mafia_aligned, serial_killer, stalker
from game.rulesets.live_action.roles.priest import PriestLists
from game.rulesets.live_action.win import DayEndClock, Winner, clock_outcome
from game.rulesets.reasons import Reason

ANNOUNCEMENT_GRACE: Final = timedelta(hours=1)

KILLER_DEAD: Final = Reason("killer_dead", "The killer is dead (R12).")
TARGET_DEAD: Final = Reason("target_dead", "The target was already dead (R12).")
SELF_KILL: Final = Reason("self_kill", "The killer is the target (R12).")
KILLER_TAZED: Final = Reason(
    "killer_tazed", "The killer was tazed today and can make no kill (R44)."
)
TARGET_DESPERADO: Final = Reason(
    "target_desperado", "The target has gone desperado and is immune to kills (R25)."
)
TARGET_GUESSED: Final = Reason(
    "target_guessed",
    "The target is a Gay Knight who guessed correctly and is immune to kills (R26).",
)
NOT_MAFIA: Final = Reason(
    "not_mafia", "The killer is not mafia-aligned, so holds no mafia kill power (R16, R39)."
)
METHOD_UNKNOWN: Final = Reason(
    "method_unknown", "The method of the kill is not known yet: edit it before confirming."
)
MAFIA_FAILED_TARGET: Final = Reason(
    "mafia_failed_target", "The mafia already failed to kill this target today (R33)."
)
FORBIDDEN: Final = Reason(
    "kill_forbidden",
    "The rules forbid this kill: {violations} Override with a reason to confirm it anyway (R12).",
)
KILLER_UNNAMED: Final = Reason(
    "killer_unnamed", "Name the killer (or set the method to hitman) before confirming."
)
DISARMED: Final = Reason("disarmed", "{victim} disarmed the shot (R40).")
ITEMS_RECEIVED: Final = Reason("items_received", "You received {items} from {victim} (R13).")
PRIEST_POWERS_LOST: Final = Reason(
    "priest_powers_lost",
    "A saint on your list killed {victim}, a sinner on your list: you lose your powers for the "
    "rest of the game (R28).",
)
PRIEST_SAINT_KILLED: Final = Reason(
    "priest_saint_killed", "{victim}, a saint on your list, was killed by a sinner (R28)."
)

MAFIA_METHODS: Final = frozenset(m.code for m in LIVE_ACTION.kill_methods if m.mafia)
FREE_KILL_METHODS: Final = frozenset(m.code for m in LIVE_ACTION.kill_methods if m.uses_free_kill)
"""The mafia's kill methods, and those that spend the day's free kill (R33, R38)."""


def kill_violations(report: KillReport) -> list[Reason]:
    """R12: every rule the reported kill breaks; an empty list means the rules allow it."""
    method = LIVE_ACTION.kill_method(report.method)
    by_player = report.killer is not None
    broken = (
        (by_player and not report.killer_alive, KILLER_DEAD),
        (by_player and report.killer == report.target, SELF_KILL),
        (by_player and report.killer_tazed_today, KILLER_TAZED),
        (not report.target_alive, TARGET_DEAD),
        (report.target_gone_desperado, TARGET_DESPERADO),
        (report.target_guessed_correctly, TARGET_GUESSED),
        (
            method.mafia and method.needs_player_killer and not _killer_mafia_aligned(report),
            NOT_MAFIA,
        ),
        (
            method.wrong_killer is not None and not _killer_has_role(report, method.role),
            method.wrong_killer,
        ),
    )
    violations = [reason for is_broken, reason in broken if is_broken]
    violations.extend(method.check(report))
    if method.mafia and report.target_failed_by_mafia_today:
        violations.append(MAFIA_FAILED_TARGET)
    return violations


def _killer_has_role(report: KillReport, role: str | None) -> bool:
    return report.killer is not None and report.killer_role == role


def _killer_mafia_aligned(report: KillReport) -> bool:
    return report.killer_role is not None and is_mafia_aligned(
        report.killer_role, conscripted=report.killer_conscripted
    )


def items_heir(
    *,
    killer: int | None,
    living_mafia: Sequence[int],
    choose: Callable[[Sequence[int]], int] = random.choice,
) -> int | None:
    """R13: the killer takes the victim's items; for a hitman kill (no killer) a random living
    mafia does, picked by `choose` (None when no mafia is alive)."""
    if killer is not None:
        return killer
    if not living_mafia:
        return None
    return choose(sorted(living_mafia))


def day_end_after_announcement(announced_at: datetime, day_end: datetime) -> datetime | None:
    """R2: a kill announced less than one hour before day end moves the end to one hour after the
    announcement; returns that new end, or None when the day end stays."""
    if announced_at < day_end and day_end - announced_at < ANNOUNCEMENT_GRACE:
        return announced_at + ANNOUNCEMENT_GRACE
    return None


@dataclass(frozen=True)
class PendingKill:
    """A pending kill report as its confirmation reads it, with what may follow it: the R12
    `report` (None while the method is unknown), the victim's items by name, the living mafia,
    each priest's lists at the kill's moment (R28), who stalks the killer (None: the mafia's
    Stalk, R41) with the day of each stalk, the open day's end (None: no day is open), and, for a
    disarm claim, the mafia kill clock as it stands once this report is decided (R18, R52)."""

    method: str
    killer: int | None
    victim: int
    day: int
    report: KillReport | None
    killer_needed: bool
    killer_role: str = ""
    killer_mafia_aligned: bool = False
    victim_mafia_aligned: bool = False
    disarm_claimed: bool = False
    announced: bool = False
    victim_items: tuple[str, ...] = ()
    living_mafia: frozenset[int] = frozenset()
    priest_lists: Mapping[int, PriestLists] = field(default_factory=dict)
    stalks: tuple[tuple[int | None, int], ...] = ()
    day_ends_at: datetime | None = None
    clock: DayEndClock | None = None


@dataclass(frozen=True)
class Told:
    """A line one player (or, with `to` None, the Mafia Den) is told."""

    kind: str
    to: int | None
    reason: Reason


@dataclass(frozen=True)
class KillConfirmation:
    """What confirming a kill does. `refusal`: why it cannot be confirmed (nothing else applies);
    `violations`: the R12 rules an override set aside; `disarmed`: the shot failed (R40), the
    victim lives, and the game ends when the clock that waited for this report has run out
    (`game_over`: the side, and whether by the clock; R18, R52); otherwise the victim dies,
    `heir` receives the items (R13), `told` are told, and the kill is announced when `announce`,
    moving the day's end to `day_end_to` when that is not None (R2)."""

    refusal: Reason | None = None
    violations: tuple[Reason, ...] = ()
    killer_alignment: str = ""
    disarmed: bool = False
    heir: int | None = None
    told: tuple[Told, ...] = ()
    announce: bool = False
    day_end_to: datetime | None = None
    game_over: tuple[Winner, bool] | None = None


def kill_confirmation(
    kill: PendingKill,
    *,
    override: bool,
    now: datetime,
    choose: Callable[[Sequence[int]], int] = random.choice,
) -> KillConfirmation:
    """R11-R14, R28, R29, R40, R41: a moderator confirms `kill` at `now`; a kill the rules forbid
    (R12) needs an `override` (with a reason, which the caller checks)."""
    if kill.killer_needed:
        return KillConfirmation(refusal=KILLER_UNNAMED)
    violations = tuple(kill_violations(kill.report)) if kill.report else (METHOD_UNKNOWN,)
    if violations and not override:
        forbidden = FORBIDDEN(violations=" ".join(str(v) for v in violations))
        return KillConfirmation(refusal=forbidden, violations=violations)
    alignment = killer_alignment(kill)
    if kill.disarm_claimed and _disarmed(kill):
        return KillConfirmation(
            violations=violations,
            killer_alignment=alignment,
            disarmed=True,
            game_over=clock_outcome(kill.clock) if kill.clock else None,
        )
    heir = None
    if kill.victim_items:
        heir = items_heir(
            killer=kill.killer,
            living_mafia=sorted(kill.living_mafia - {kill.victim}),
            choose=choose,
        )
    told = (
        ([Told("items_received", heir, _items_received(kill))] if heir is not None else [])
        + _priests_told(kill)
        + _stalkers_told(kill)
    )
    return KillConfirmation(
        violations=violations,
        killer_alignment=alignment,
        heir=heir,
        told=tuple(told),
        announce=not kill.announced,
        day_end_to=day_end_after_announcement(now, kill.day_ends_at)
        if not kill.announced and kill.day_ends_at is not None
        else None,
    )


def killer_alignment(kill: PendingKill) -> str:
    """How the clocks count a confirmed kill's killer, as they were when it was confirmed (R18,
    R32): a hitman's, a mafia-aligned killer's, a serial killer's, or the town's."""
    if kill.method == hitman.KILL.code:
        return "hitman"
    if kill.killer_mafia_aligned:
        return "mafia"
    if kill.killer_role == serial_killer.ROLE.code:
        return "serial_killer"
    return "town"


def _disarmed(kill: PendingKill) -> bool:
    """R40: a shot mafia who claimed a disarm survives a serial killer's shot."""
    return disarm_outcome(
        claimer_mafia_aligned=kill.victim_mafia_aligned,
        shooter_is_serial_killer=kill.killer_role == serial_killer.ROLE.code,
        day=kill.day,
    ).target_survives


def _items_received(kill: PendingKill) -> Reason:
    return ITEMS_RECEIVED(players={"victim": kill.victim}, items=", ".join(kill.victim_items))


def _priests_told(kill: PendingKill) -> list[Told]:
    """R28: a sinner killing a saint is told to the priest; a saint killing a sinner ends the
    priest's powers, and the priest is told so."""
    if kill.killer is None:
        return []
    told = []
    victim = {"victim": kill.victim}
    for priest_id, lists in kill.priest_lists.items():
        if kill.killer in lists.saints and kill.victim in lists.sinners:
            told.append(Told("priest_told", priest_id, PRIEST_POWERS_LOST(players=victim)))
        elif kill.killer in lists.sinners and kill.victim in lists.saints:
            told.append(Told("priest_told", priest_id, PRIEST_SAINT_KILLED(players=victim)))
    return told


def _stalkers_told(kill: PendingKill) -> list[Told]:
    """R29, R41: whoever stalks the killer on the kill's day is told, of the true killer; a
    hitman's kill has no player killer."""
    if kill.killer is None:
        return []
    told = []
    for stalker_id, stalk_day in kill.stalks:
        if stalker.stalker_told(stalk_day=stalk_day, kill_day=kill.day):
            seen = stalker.kill_seen(
                stalker=stalker_id, killer=kill.killer, victim=kill.victim, day=kill.day
            )
            told.append(Told(seen.code, stalker_id, seen))
    return told
