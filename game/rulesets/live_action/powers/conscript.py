"""Conscript (R39, 1 use): the player becomes mafia-aligned, keeps their role and powers, gains
the Mafia Den and the mafia powers; shovels show the conscription (R43). A tazed mafia may still
conscript (R44). The rules allow a conscription after a failed kill attempt on the same player."""

from __future__ import annotations

from typing import Final

from game.rulesets.base import Choice, PowerInput, PowerSpec
from game.rulesets.reasons import Reason

DEAD: Final = Reason(
    "conscript_target_dead", "{target} is dead: only the living can be conscripted (R39)."
)
ALREADY_MAFIA: Final = Reason(
    "conscript_target_mafia",
    "{target} is already mafia-aligned: conscript a townie or a serial killer (R16, R39).",
)


def conscript_refusals(
    *, target: int, target_alive: bool, target_mafia_aligned: bool
) -> list[Reason]:
    """R39: a living player who is not mafia-aligned yet (a townie or a serial killer, R16)."""
    if not target_alive:
        return [DEAD(players={"target": target})]
    if target_mafia_aligned:
        return [ALREADY_MAFIA(players={"target": target})]
    return []


POWER = PowerSpec(
    code="conscript",
    name="Conscript",
    summary="Once per game a player becomes mafia-aligned and keeps their role (R39).",
    charges=1,
    inputs=(PowerInput("target", "Player to conscript", Choice.LIVING_NOT_MAFIA, "target"),),
    help="Say \"I'm gonna make you an offer you can't refuse\" in person, then record it here. "
    "The conscript keeps their role and powers, plays for the mafia and joins the Mafia Den; "
    "shovels show the conscription (R39).",
    confirm="Conscript {target}? {left_after} of {charges} conscriptions left after this.",
    verb="Conscript",
    done="Conscripted: they are told, and join the Mafia Den (R39).",
    override=True,
)
