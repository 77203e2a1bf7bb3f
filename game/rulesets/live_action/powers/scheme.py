"""Scheme (R34, 1 use): an extra kill by a mafia who has made no kill today, or by any mafia
once every living mafia has made a kill today."""

from __future__ import annotations

from typing import Final

from game.rulesets.base import KillMethodSpec, PowerSpec
from game.rulesets.live_action.facts import KillReport
from game.rulesets.reasons import Reason

USED: Final = Reason("scheme_used", "The mafia have already used Scheme (R34).")
CONDITION: Final = Reason(
    "scheme_condition",
    "Scheme needs a mafia who has made no kill today, or every living mafia to have made a kill "
    "today (R34).",
)


def allowed_today(report: KillReport) -> bool:
    """R34: a mafia with no kill today, or any mafia once every living mafia has made one."""
    killed = report.mafia_killers_today
    return report.killer not in killed or report.living_mafia <= killed


def kill_refusals(report: KillReport) -> list[Reason]:
    refusals = []
    if report.scheme_used:
        refusals.append(USED)
    if not allowed_today(report):
        refusals.append(CONDITION)
    return refusals


KILL = KillMethodSpec(code="scheme", label="Mafia scheme", check=kill_refusals, mafia=True)
POWER = PowerSpec(
    code="scheme",
    name="Scheme",
    summary="An extra kill by a mafia who has made no kill today, or by any mafia once every "
    "living mafia has made one (R34).",
    charges=1,
    kills=(KILL,),
    via_kill_report=True,
)
