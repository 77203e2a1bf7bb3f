"""Free kill (R33): one a day, shared by the mafia; a failed attempt does not use it. The doorway
incant ("I kill you one, I kill you two, …") is a way to make it."""

from __future__ import annotations

from typing import Final

from game.rulesets.base import KillMethodSpec, PowerSpec
from game.rulesets.live_action.facts import KillReport
from game.rulesets.reasons import Reason

USED: Final = Reason("free_kill_used", "The mafia have already used today's free kill (R33).")


def kill_refusals(report: KillReport) -> list[Reason]:
    """R33, R36: one a day, unless the target holds a stored trap charge."""
    if report.free_kill_used_today and not report.target_holds_charge:
        return [USED]
    return []


KILL = KillMethodSpec(
    code="free_kill",
    label="Mafia free kill",
    check=kill_refusals,
    mafia=True,
    uses_free_kill=True,
)
DOORWAY = KillMethodSpec(
    code="doorway",
    label="Mafia doorway incant",
    check=kill_refusals,
    mafia=True,
    uses_free_kill=True,
)
POWER = PowerSpec(
    code="free_kill",
    name="Free Kill",
    summary="Each day any mafia may attempt one kill; a failed attempt does not use it (R33).",
    per_day=1,
    kills=(KILL, DOORWAY),
    via_kill_report=True,
)
