"""Hire a Hitman (R38, 1 use): a non-player named before a day starts may make one kill that
day, which uses the free kill. The hitman's victim's items go to a random living mafia (R13).

Decisions no ruling spells out:
- A hitman kill is allowed even if the free kill was already used that day: the hitman's kill is
  granted by the hire and uses the free kill, so a later free kill that day is refused.
- A hitman kill is a mafia kill for R33: a target the mafia already failed today is refused to it.
- A hire made during day D is for day D+1 ("before a day starts"); the hitman is named by a
  description of the non-player, which only the mafia and the moderators read. A living
  mafia-aligned player may report the hitman's kill on the hitman's behalf (the victim may too).
"""

from __future__ import annotations

from typing import Final

from game.rulesets.base import Choice, DeathCauseSpec, KillMethodSpec, PowerInput, PowerSpec
from game.rulesets.live_action.facts import KillReport
from game.rulesets.reasons import Reason

HAS_KILLER: Final = Reason(
    "hitman_has_killer", "A hitman kill is made by a non-player, not by a player (R38)."
)
NOT_HIRED: Final = Reason("hitman_not_hired", "No hitman was hired for today (R38).")
DONE: Final = Reason("hitman_done", "Today's hitman has already made their kill (R38).")
DEATH: Final = DeathCauseSpec("hitman", "Killed by a hitman")
NAMELESS: Final = Reason("hitman_nameless", "Name the non-player you hire (R38).")
ALREADY_HIRED: Final = Reason(
    "hitman_already_hired", "A hitman is already hired for day {day} (R38)."
)


def hired_for_day(hired_on: int) -> int:
    """R38: named before a day starts, the hitman works that day: a hire during day D is for
    day D+1."""
    return hired_on + 1


def hire_refusals(*, hitman: str, day: int, hired_days: frozenset[int]) -> list[Reason]:
    """R38: a named non-player, one hitman a day (the power has one use anyway)."""
    if not hitman.strip():
        return [NAMELESS]
    if day in hired_days:
        return [ALREADY_HIRED(day=day)]
    return []


def kill_refusals(report: KillReport) -> list[Reason]:
    """R38: one kill, on the day the hitman was hired for, made by no player."""
    refusals = []
    if report.killer is not None:
        refusals.append(HAS_KILLER)
    if not report.hitman_hired_today:
        refusals.append(NOT_HIRED)
    if report.hitman_killed_today:
        refusals.append(DONE)
    return refusals


KILL = KillMethodSpec(
    code="hitman",
    label="Hitman",
    check=kill_refusals,
    mafia=True,
    uses_free_kill=True,
    needs_player_killer=False,
)
POWER = PowerSpec(
    code="hitman",
    name="Hire a Hitman",
    summary="Before a day starts, name a non-player who may make one kill that day; it uses the "
    "free kill (R38).",
    charges=1,
    kills=(KILL,),
    inputs=(
        PowerInput(
            "hitman_name", "The non-player you hire", Choice.TEXT, "hitman_name", html_id="name"
        ),
    ),
    help="Name a non-player before the day starts: on day {next_day} they may make one kill, which "
    'uses that day\'s free kill. Report it on the kills page as "Hitman" (R38).',
    confirm="Hire this hitman for day {next_day}? {left_after} of {charges} hires left after this.",
    verb="Hire",
    done="Hitman hired for the next day (R38).",
    override=True,
)
