"""Manipulate the Press (R37, 1 use; R19 step 3): on a past mafia kill, every answer about it is
no, and the mafia choose the announced location (R14)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from game.rulesets.base import Choice, PowerInput, PowerSpec
from game.rulesets.live_action.facts import Falsified, Frame, Kill, PowerUse
from game.rulesets.reasons import Reason

MANIPULATED: Final = Reason("press", "press manipulated: no")


def falsified(
    suspect: int, kill: Kill, frames: Collection[Frame], uses: Collection[PowerUse] = ()
) -> Falsified | None:
    """R19 step 3: every answer about a manipulated death is no."""
    if kill.press_manipulated:
        return Falsified(False, "press", MANIPULATED)
    return None


POWER = PowerSpec(
    code="manipulate_press",
    name="Manipulate the Press",
    summary="On a past mafia kill: investigations about it answer no, and you choose the "
    "announced location (R37).",
    charges=1,
    falsify=falsified,
    falsify_step=3,
    inputs=(
        PowerInput("kill", "Kill", Choice.MAFIA_KILL, "kill"),
        PowerInput("location", "Announced location", Choice.TEXT, "location", required=False),
    ),
    help="On a past mafia kill: investigations about it answer no, and you choose the announced "
    "location; the victim is told (R14, R37).",
    confirm="Manipulate the press on the death of {kill}? {left_after} of {charges} left after "
    "this.",
    verb="Manipulate",
    done="The press is manipulated.",
    prefix="press",
)
