"""Kill checks and what follows a kill in the live-action ruleset (R2, R12, R13, R25-R44).

Pure Python. The caller describes a reported kill as a `KillReport` of plain facts;
`kill_violations` lists every rule it breaks (R12), for the moderator to reject or override. The
other functions decide what follows a kill: disarms (R40), the vigilante's power (R30), who gets the
victim's items (R13) and the day-end extension (R2).

Decisions no ruling spells out:
- A hitman kill is allowed even if the free kill was already used that day: the hitman's kill is
  granted by the hire and uses the free kill (R38), so a later free kill that day is refused. The
  hitman makes one kill on the day it was hired for.
- A hitman kill is a mafia kill for R33: a target the mafia already failed today is refused to it.
- A target with kill immunity (R25, R26) must claim it ("I do not die"); the check flags the kill
  and the moderator overrides when the target chose not to claim.
- A kill needs the killer to hold the power it uses: mafia powers (free kill, doorway, scheme) need
  a mafia-aligned killer (conscripts included, R39); the vigilante, serial-killer and Gay Knight
  powers need that role (a conscript keeps them, R39). A hitman kill has no player killer.
- A disarm claimed by a player who is not mafia-aligned does nothing: the shot player dies.
- R2: an announcement exactly one hour before day end does not extend the day; one at or after day
  end is too late to extend it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Final

from game.rulesets.live_action.roles import Role, is_mafia_aligned

SERIAL_KILLER_COOLDOWN_DAYS: Final = 3
ANNOUNCEMENT_GRACE: Final = timedelta(hours=1)


class KillMethod(StrEnum):
    FREE_KILL = "free_kill"
    DOORWAY = "doorway"
    SCHEME = "scheme"
    HITMAN = "hitman"
    VIGILANTE = "vigilante"
    SERIAL_KILLER = "serial_killer"
    GAY_KNIGHT_REVENGE = "gay_knight_revenge"


MAFIA_METHODS: Final = frozenset(
    {KillMethod.FREE_KILL, KillMethod.DOORWAY, KillMethod.SCHEME, KillMethod.HITMAN}
)
FREE_KILL_METHODS: Final = frozenset({KillMethod.FREE_KILL, KillMethod.DOORWAY})
ROLE_METHODS: Final = {
    KillMethod.VIGILANTE: Role.VIGILANTE,
    KillMethod.SERIAL_KILLER: Role.SERIAL_KILLER,
    KillMethod.GAY_KNIGHT_REVENGE: Role.GAY_KNIGHT,
}
WRONG_ROLE: Final = {
    KillMethod.VIGILANTE: "The killer is not a vigilante (R30).",
    KillMethod.SERIAL_KILLER: "The killer is not a serial killer (R32).",
    KillMethod.GAY_KNIGHT_REVENGE: "The killer is not a Gay Knight (R26).",
}

KILLER_DEAD: Final = "The killer is dead (R12)."
TARGET_DEAD: Final = "The target was already dead (R12)."
SELF_KILL: Final = "The killer is the target (R12)."
NOT_MAFIA: Final = "The killer is not mafia-aligned, so holds no mafia kill power (R16, R39)."
HITMAN_HAS_KILLER: Final = "A hitman kill is made by a non-player, not by a player (R38)."
NOT_HIRED: Final = "No hitman was hired for today (R38)."
HITMAN_DONE: Final = "Today's hitman has already made their kill (R38)."
FREE_KILL_USED: Final = "The mafia have already used today's free kill (R33)."
MAFIA_FAILED_TARGET: Final = "The mafia already failed to kill this target today (R33)."
SCHEME_USED: Final = "The mafia have already used Scheme (R34)."
SCHEME_CONDITION: Final = (
    "Scheme needs a mafia who has made no kill today, or every living mafia to have made a kill "
    "today (R34)."
)
SERIAL_KILLER_SAME_TARGET: Final = "This serial killer already tried this target today (R32)."
VIGILANTE_GONE: Final = "The vigilante's power is gone (R30)."
NO_CORRECT_GUESS: Final = (
    "A Gay Knight may only kill the player they correctly guessed killed their partner (R26)."
)
KILLER_TAZED: Final = "The killer was tazed today and can make no kill (R44)."
TARGET_DESPERADO: Final = "The target has gone desperado and is immune to kills (R25)."
TARGET_GUESSED: Final = (
    "The target is a Gay Knight who guessed correctly and is immune to kills (R26)."
)


@dataclass(frozen=True)
class KillReport:
    """A reported kill, as plain facts of the moment it happened.

    `killer` is None for a hitman. `mafia_killers_today`: the mafia-aligned players who made a kill
    today; `serial_killer_last_kill_day`: the day of the serial killer's last kill or disarm;
    `vigilante_power_from_day`: from `vigilante_power_after_kill` (None: gone);
    `gay_knight_guessed_killer`: the player the Gay Knight correctly guessed, if any.
    """

    method: KillMethod
    killer: int | None
    target: int
    day: int
    killer_role: Role | None = None
    killer_conscripted: bool = False
    killer_alive: bool = True
    target_alive: bool = True
    killer_tazed_today: bool = False
    target_gone_desperado: bool = False
    target_guessed_correctly: bool = False
    free_kill_used_today: bool = False
    target_holds_charge: bool = False
    target_failed_by_mafia_today: bool = False
    scheme_used: bool = False
    mafia_killers_today: frozenset[int] = frozenset()
    living_mafia: frozenset[int] = frozenset()
    hitman_hired_today: bool = False
    hitman_killed_today: bool = False
    serial_killer_last_kill_day: int | None = None
    serial_killer_tried_target_today: bool = False
    vigilante_power_from_day: int | None = 1
    gay_knight_guessed_killer: int | None = None


@dataclass(frozen=True)
class DisarmOutcome:
    """R40: whether the shot mafia survives, and from which day the shooter may kill again."""

    target_survives: bool
    serial_killer_next_kill_day: int | None = None


def serial_killer_next_kill_day(last_kill_or_disarm_day: int) -> int:
    """R32: after a kill (or being disarmed) on day D, the next kill is allowed from day D+3."""
    return last_kill_or_disarm_day + SERIAL_KILLER_COOLDOWN_DAYS


def kill_violations(report: KillReport) -> list[str]:
    """R12: every rule the reported kill breaks; an empty list means the rules allow it."""
    violations: list[str] = []
    if report.killer is not None:
        if not report.killer_alive:
            violations.append(KILLER_DEAD)
        if report.killer == report.target:
            violations.append(SELF_KILL)
        if report.killer_tazed_today:
            violations.append(KILLER_TAZED)
    if not report.target_alive:
        violations.append(TARGET_DEAD)
    if report.target_gone_desperado:
        violations.append(TARGET_DESPERADO)
    if report.target_guessed_correctly:
        violations.append(TARGET_GUESSED)
    if report.method in MAFIA_METHODS:
        violations.extend(_mafia_violations(report))
    else:
        violations.extend(_role_violations(report))
    return violations


def _mafia_violations(report: KillReport) -> list[str]:
    """R33, R34, R36, R38: the mafia's shared kill powers."""
    violations: list[str] = []
    if report.method is KillMethod.HITMAN:
        if report.killer is not None:
            violations.append(HITMAN_HAS_KILLER)
        if not report.hitman_hired_today:
            violations.append(NOT_HIRED)
        if report.hitman_killed_today:
            violations.append(HITMAN_DONE)
    elif report.killer_role is None or not is_mafia_aligned(
        report.killer_role, conscripted=report.killer_conscripted
    ):
        violations.append(NOT_MAFIA)
    if (
        report.method in FREE_KILL_METHODS
        and report.free_kill_used_today
        and not report.target_holds_charge
    ):
        violations.append(FREE_KILL_USED)
    if report.target_failed_by_mafia_today:
        violations.append(MAFIA_FAILED_TARGET)
    if report.method is KillMethod.SCHEME:
        if report.scheme_used:
            violations.append(SCHEME_USED)
        if not _scheme_allowed(report):
            violations.append(SCHEME_CONDITION)
    return violations


def _scheme_allowed(report: KillReport) -> bool:
    """R34: a mafia with no kill today, or any mafia once every living mafia has made one."""
    killed = report.mafia_killers_today
    return report.killer not in killed or report.living_mafia <= killed


def _role_violations(report: KillReport) -> list[str]:
    """R26, R30, R32: the vigilante's, serial killer's and Gay Knight's own kills."""
    violations: list[str] = []
    if report.killer is None or report.killer_role is not ROLE_METHODS[report.method]:
        violations.append(WRONG_ROLE[report.method])
    if report.method is KillMethod.SERIAL_KILLER:
        last = report.serial_killer_last_kill_day
        if last is not None and report.day < serial_killer_next_kill_day(last):
            next_day = serial_killer_next_kill_day(last)
            violations.append(f"This serial killer may not kill again until day {next_day} (R32).")
        if report.serial_killer_tried_target_today:
            violations.append(SERIAL_KILLER_SAME_TARGET)
    elif report.method is KillMethod.VIGILANTE:
        back = report.vigilante_power_from_day
        if back is None:
            violations.append(VIGILANTE_GONE)
        elif report.day < back:
            violations.append(f"The vigilante's power comes back on day {back} (R30).")
    elif report.gay_knight_guessed_killer is None or (
        report.gay_knight_guessed_killer != report.target
    ):
        violations.append(NO_CORRECT_GUESS)
    return violations


def disarm_outcome(
    *, claimer_mafia_aligned: bool, shooter_is_serial_killer: bool, day: int
) -> DisarmOutcome:
    """R40: a shot mafia who claims a disarm survives if and only if the shooter was a serial
    killer, whose kill clock then restarts as after a kill (R32)."""
    if claimer_mafia_aligned and shooter_is_serial_killer:
        return DisarmOutcome(True, serial_killer_next_kill_day(day))
    return DisarmOutcome(False)


def vigilante_power_after_kill(
    *, day: int, victim_died: bool, victim_role: Role, victim_conscripted: bool = False
) -> int | None:
    """R30: the day from which the vigilante may kill again (the next day, when the victim died and
    was mafia-aligned or a serial killer), or None when the power is gone for good."""
    if not victim_died:
        return None
    if victim_role is Role.SERIAL_KILLER or is_mafia_aligned(
        victim_role, conscripted=victim_conscripted
    ):
        return day + 1
    return None


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
