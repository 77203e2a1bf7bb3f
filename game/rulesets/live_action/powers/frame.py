"""Frame a Townsperson (R37, 4 uses; R19 step 4): "did X kill Y?" answers yes from now on."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from game.rulesets.base import Choice, PowerInput, PowerRequest, PowerSpec
from game.rulesets.live_action.facts import Falsified, Frame, Kill, PowerUse
from game.rulesets.reasons import Reason

FRAMED: Final = Reason("framed", "framed ({suspect}, {victim}): yes")
OWN_DEATH: Final = Reason("frame_own_death", "Nobody can be framed for their own death (R37).")


def frame_refusals(request: PowerRequest) -> list[Reason]:
    """R37: X is framed for Y's death, so X and Y are two players."""
    if request.players["suspect"].id == request.players["victim"].id:
        return [OWN_DEATH]
    return []


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
    inputs=(
        PowerInput("suspect", "Frame (X)", Choice.PLAYER, "target"),
        PowerInput("victim", "for the death of (Y)", Choice.PLAYER, "second_target"),
    ),
    help='From now on "Did X kill Y?" answers yes, except for Gay Knights (R19, R37).',
    confirm="Frame {suspect} for the death of {victim}? {left_after} of {charges} frames left "
    "after this.",
    verb="Frame",
    done="Framed.",
    log="{actor} framed {suspect} for the death of {victim}.",
    check=frame_refusals,
)
