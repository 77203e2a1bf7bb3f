"""Disarm (R40): a mafia who was shot may claim a disarm; if the shooter was a serial killer the
mafia survives and the serial killer's kill clock restarts as after a kill; otherwise the mafia
dies. A disarm claimed by a player who is not mafia-aligned does nothing."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.base import PowerSpec
from game.rulesets.live_action.roles.serial_killer import next_kill_day


@dataclass(frozen=True)
class DisarmOutcome:
    """R40: whether the shot mafia survives, and from which day the shooter may kill again."""

    target_survives: bool
    serial_killer_next_kill_day: int | None = None


def disarm_outcome(
    *, claimer_mafia_aligned: bool, shooter_is_serial_killer: bool, day: int
) -> DisarmOutcome:
    """R40: a shot mafia who claims a disarm survives if and only if the shooter was a serial
    killer, whose kill clock then restarts as after a kill (R32)."""
    if claimer_mafia_aligned and shooter_is_serial_killer:
        return DisarmOutcome(True, next_kill_day(day))
    return DisarmOutcome(False)


POWER = PowerSpec(
    code="disarm",
    name="Disarm",
    summary='If a player says BANG to you, you may say "Disarm." within 10 seconds: a serial '
    "killer's shot fails, anyone else's still kills (R40).",
    via_kill_report=True,
)
