"""Kill checks and what follows a kill in the live-action rule set (R2, R12, R13).

The caller describes a reported kill as a `KillReport` of plain facts; `kill_violations` lists
every rule it breaks (R12), for the moderator to reject or override: the rules of every kill
here, then those of its method, each in its role's or power's module. The other functions decide
what follows a kill: who gets the victim's items (R13) and the day-end extension (R2).

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
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Final

from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.live_action.facts import KillReport
from game.rulesets.live_action.roles import is_mafia_aligned
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

MAFIA_METHODS: Final = frozenset(m.code for m in LIVE_ACTION.kill_methods if m.mafia)
FREE_KILL_METHODS: Final = frozenset(m.code for m in LIVE_ACTION.kill_methods if m.uses_free_kill)
"""The mafia's kill methods, and those that spend the day's free kill (R33, R38)."""


def kill_violations(report: KillReport) -> list[Reason]:
    """R12: every rule the reported kill breaks; an empty list means the rules allow it."""
    method = LIVE_ACTION.kill_method(report.method)
    violations: list[Reason] = []
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
    if method.mafia and method.needs_player_killer and not _killer_mafia_aligned(report):
        violations.append(NOT_MAFIA)
    if method.wrong_killer is not None and (
        report.killer is None or report.killer_role != method.role
    ):
        violations.append(method.wrong_killer)
    violations.extend(method.check(report))
    if method.mafia and report.target_failed_by_mafia_today:
        violations.append(MAFIA_FAILED_TARGET)
    return violations


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
