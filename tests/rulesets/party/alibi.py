"""Alibi (tests' party power, 1 use): a player X and a death Y; from then on "did X kill Y?"
answers no, the last step of the R19 chain (after Frame), so it beats a frame."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from game.rulesets.base import Choice, PowerInput, PowerRequest, PowerSpec
from game.rulesets.live_action.facts import Falsified, Frame, Kill, PowerUse
from game.rulesets.reasons import Reason

GIVEN: Final = Reason("alibi", "alibi ({suspect}, {victim}): no")
OWN_DEATH: Final = Reason("alibi_own_death", "Nobody needs an alibi for their own death.")


def falsified(
    suspect: int, kill: Kill, frames: Collection[Frame], uses: Collection[PowerUse] = ()
) -> Falsified | None:
    """Last step of the chain: an alibi (X, Y) answers no, whatever came before (R19's order
    extended)."""
    if PowerUse(POWER.code, suspect, kill.victim) in uses:
        return Falsified(False, "alibi", GIVEN(players={"suspect": suspect, "victim": kill.victim}))
    return None


def alibi_refusals(request: PowerRequest) -> list[Reason]:
    if request.players["suspect"].id == request.players["victim"].id:
        return [OWN_DEATH]
    return []


POWER = PowerSpec(
    code="alibi",
    name="Alibi",
    summary='Choose X and Y: from now on "did X kill Y?" answers no, even when framed.',
    charges=1,
    inputs=(
        PowerInput("suspect", "Alibi for (X)", Choice.PLAYER, "target"),
        PowerInput("victim", "for the death of (Y)", Choice.PLAYER, "second_target"),
    ),
    help='From now on "Did X kill Y?" answers no, even when X is framed for it.',
    confirm="Give {suspect} an alibi for the death of {victim}? {left_after} of {charges} left "
    "after this.",
    verb="Give the alibi",
    done="Alibi given.",
    log="{actor} gave {suspect} an alibi for the death of {victim}.",
    check=alibi_refusals,
    falsify=falsified,
    falsify_step=5,
)
