"""Vigilante (R30): one kill, back from the next day when the victim died and was mafia-aligned
or a serial killer, gone for good otherwise."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from game.rulesets.base import KillMethodSpec, RoleSpec
from game.rulesets.live_action.facts import Alignment, KillReport
from game.rulesets.live_action.roles.mafia import ROLE as MAFIA
from game.rulesets.live_action.roles.serial_killer import ROLE as SERIAL_KILLER
from game.rulesets.reasons import Reason

POWER_GONE: Final = Reason("vigilante_gone", "The vigilante's power is gone (R30).")
POWER_NOT_BACK: Final = Reason(
    "vigilante_not_back", "The vigilante's power comes back on day {day} (R30)."
)


def power_after_kill(
    *, day: int, victim_died: bool, victim_role: str, victim_conscripted: bool = False
) -> int | None:
    """R30: the day from which the vigilante may kill again (the next day, when the victim died and
    was mafia, a conscript or a serial killer), or None when the power is gone for good."""
    if not victim_died:
        return None
    if victim_conscripted or victim_role in (MAFIA.code, SERIAL_KILLER.code):
        return day + 1
    return None


@dataclass(frozen=True)
class Attempt:
    """One of the vigilante's decided kills: its day, and whether and whom it killed."""

    day: int
    victim_died: bool
    victim_role: str
    victim_conscripted: bool = False


def power_from_day(attempts: Iterable[Attempt]) -> int | None:
    """R30 replayed over the vigilante's earlier attempts, oldest first: the day from which they
    may kill (1 before any), or None when the power is gone."""
    power: int | None = 1
    for attempt in attempts:
        power = power_after_kill(
            day=attempt.day,
            victim_died=attempt.victim_died,
            victim_role=attempt.victim_role,
            victim_conscripted=attempt.victim_conscripted,
        )
    return power


def kill_refusals(report: KillReport) -> list[Reason]:
    """R30: the one kill, or the kill that came back."""
    back = report.vigilante_power_from_day
    if back is None:
        return [POWER_GONE]
    if report.day < back:
        return [POWER_NOT_BACK(day=back)]
    return []


KILL = KillMethodSpec(
    code="vigilante",
    label="Vigilante",
    check=kill_refusals,
    role="vigilante",
    wrong_killer=Reason("not_vigilante", "The killer is not a vigilante (R30)."),
)
ROLE = RoleSpec(
    code="vigilante",
    name="Vigilante",
    alignment=Alignment.TOWN,
    summary="You have one kill (R30).",
    card=(
        "If your victim was mafia-aligned or a serial killer the kill comes back from the next "
        "day; otherwise it is gone (R30).",
    ),
    default_count=1,
    kills=(KILL,),
)
