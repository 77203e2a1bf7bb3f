"""Mafioso: picks a victim each night with the other mafiosi (C2); the mafia know each other
(C7)."""

from game.rulesets.base import MAFIA, NightActionSpec, RoleSpec
from game.rulesets.nights import Act, NightState
from game.rulesets.phases import NO_ONE
from game.rulesets.reasons import Reason

KILLED_BY_MAFIA = Reason("mafia_kill", "The mafia picked {victim}.")
MAFIA_TIE = Reason(
    "mafia_tie", "The mafia's picks were tied between {count} options; the seeded draw settled it."
)
MAFIA_NO_ONE = Reason("mafia_no_one", "The mafia picked no one.")


def mafia_kill(state: NightState, act: Act) -> None:
    """C2: the option the living mafiosi picked most wins, "no one" included (a missing pick is
    no one), a tie settled by the seeded draw; the victim dies unless the doctor saved them
    (C3)."""
    if len(act.tied) > 1:
        state.note(MAFIA_TIE(count=len(act.tied)))
    if act.target is NO_ONE:
        state.note(MAFIA_NO_ONE)
        return
    state.kill(act.target, KILLED_BY_MAFIA(players={"victim": act.target}))


KILL = NightActionSpec(
    code="kill",
    prompt="It is night. Vote for a victim.",
    priority=20,
    group=True,
    effect=mafia_kill,
    label="picks",
)

ROLE = RoleSpec(
    code="mafioso",
    name="Mafioso",
    alignment=MAFIA,
    summary="Each night, pick a victim with the other mafiosi; the player picked most dies at "
    "dawn unless the doctor saves them (C2, C3).",
    card=("You know the other mafiosi and share the Mafia Den with them (C7).",),
    night_action=KILL,
    reveal="a mafioso",
)
