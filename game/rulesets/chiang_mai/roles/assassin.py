"""Assassin (the red Ace, M2): kills one player each night, with no cure; on night 1 they may
refrain, from night 2 they must act (M4)."""

from typing import Final

from game.rulesets.base import RoleSpec
from game.rulesets.chiang_mai.cards import ASSASSIN, VILLAGE
from game.rulesets.chiang_mai.pointing import pointing
from game.rulesets.nights import Act, NightState
from game.rulesets.phases import NO_ONE
from game.rulesets.reasons import Reason

ASSASSINATION: Final = "assassination"

ASSASSINATED = Reason("assassinated", "The Assassin {assassin} killed {victim}.")
REFRAINED = Reason("refrained", "The Assassin {assassin} refrained on night 1.")
ASSASSIN_MISSING = Reason(
    "assassin_missing",
    "The Assassin {assassin} must act from night 2 but made no choice: no kill (M4).",
)


def assassin_may_refrain(night: int) -> bool:
    """M4: on night 1 the Assassin may refrain; from night 2 they must act."""
    return night == 1


def assassin_kills(state: NightState, act: Act) -> None:
    """M4: the Assassin's victim dies at dawn, with no cure (a second death of a poisoned
    player takes their second card, M5). No choice is a refrain on night 1 and, from night 2,
    no kill flagged to the host."""
    assassin = act.actor
    if act.target is NO_ONE:
        if assassin_may_refrain(state.number):
            state.note(REFRAINED(players={"assassin": assassin}))
        else:
            state.flag(ASSASSIN_MISSING(players={"assassin": assassin}))
        return
    named = {"assassin": assassin, "victim": act.target}
    state.kill(act.target, ASSASSINATED(players=named), cause=ASSASSINATION)


ASSASSINATE = pointing(
    code="assassinate", verb="kill", priority=40, effect=assassin_kills, label="kills"
)

ROLE = RoleSpec(
    code=ASSASSIN,
    name="Assassin",
    alignment=VILLAGE,
    summary="The red Ace: kill one player each night, with no cure; you may refrain on night 1 "
    "only (M4).",
    night_action=ASSASSINATE,
)
