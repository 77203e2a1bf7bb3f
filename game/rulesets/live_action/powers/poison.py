"""Poison (R35, 3 uses): the victim is told at the start of the next day and dies at the end of
the day after, after the execution. A poison death counts as a mafia kill (R18).

Decision no ruling spells out: a player already poisoned cannot be poisoned again (they die once,
so a second poison would only waste a use); a dead player cannot be poisoned."""

from __future__ import annotations

from typing import Final

from game.rulesets.base import Choice, DeathCauseSpec, PowerInput, PowerSpec
from game.rulesets.reasons import Reason

DELAY_DAYS: Final = 2
DEATH: Final = DeathCauseSpec("poison", "Poisoned", event_kind="poison_death")
DEAD: Final = Reason(
    "poison_target_dead", "{victim} is dead: only the living can be poisoned (R35)."
)
ALREADY: Final = Reason(
    "poison_pending",
    "{victim} is already poisoned and dies at the end of day {day} (R35).",
)


def death_day(poisoned_on: int) -> int:
    """R35: poisoned on day D, the victim dies at the end of day D+2, after the execution."""
    return poisoned_on + DELAY_DAYS


def poisoned_on(dies_on: int) -> int:
    """R35: the day a victim dying at the end of `dies_on` was poisoned."""
    return dies_on - DELAY_DAYS


def victim_told(*, dies_on: int, today: int) -> bool:
    """R35: the victim learns of the poison at the start of the day after the poisoning, so on
    day D+1 and later (poisoned on day 2: told on day 3, dead at the end of day 4)."""
    return today > poisoned_on(dies_on)


def poison_refusals(
    *, victim: int, victim_alive: bool, pending_death_day: int | None
) -> list[Reason]:
    """R35: the victim must be alive and not already poisoned."""
    if not victim_alive:
        return [DEAD(players={"victim": victim})]
    if pending_death_day is not None:
        return [ALREADY(players={"victim": victim}, day=pending_death_day)]
    return []


POWER = PowerSpec(
    code="poison",
    name="Poison",
    summary="The victim is told at the start of the next day and dies at the end of the day "
    "after (R35).",
    charges=3,
    inputs=(PowerInput("victim", "Player to poison", Choice.LIVING, "target"),),
    help="The victim is told at the start of the next day and dies at the end of the day after, "
    "after the execution; the death counts as a mafia kill (R18, R35).",
    confirm="Poison {target}? {left_after} of {charges} poisons left after this.",
    verb="Poison",
    done="Poisoned: they are told at the start of the next day (R35).",
    override=True,
)
