"""Frame a Townsperson (R37, 4 uses; R19 step 4): "did X kill Y?" answers yes from now on."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from game.rulesets.base import PowerSpec
from game.rulesets.live_action.facts import Falsified, Frame, Kill, PowerUse
from game.rulesets.reasons import Reason

FRAMED: Final = Reason("framed", "framed ({suspect}, {victim}): yes")


def falsified(
    suspect: int, kill: Kill, frames: Collection[Frame], uses: Collection[PowerUse] = ()
) -> Falsified | None:
    """R19 step 4: a frame (X, Y) answers yes, whatever came before."""
    if (suspect, kill.victim) in frames:
        return Falsified(
            True, "framed", FRAMED(players={"suspect": suspect, "victim": kill.victim})
        )
    return None


POWER = PowerSpec(
    code="frame",
    name="Frame a Townsperson",
    summary='Choose X and Y: from now on "did X kill Y?" answers yes (R37).',
    charges=4,
    falsify=falsified,
    falsify_step=4,
)
