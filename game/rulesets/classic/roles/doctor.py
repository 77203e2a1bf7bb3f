"""Doctor: protects one player each night, themself at most once a game (C3)."""

from game.rulesets.base import NightActionSpec, RoleSpec
from game.rulesets.classic.roles.cop import VILLAGE
from game.rulesets.nights import Act, NightState
from game.rulesets.phases import NO_ONE
from game.rulesets.reasons import Reason

SELF_SAVES = 1
SAVED = Reason("saved", "{victim} was saved by the doctor.")


def doctor_save(state: NightState, act: Act) -> None:
    """C3: a doctor's save of the player the mafia chose cancels that night's kill; it resolves
    before the kills so that it stands all night."""
    if act.target is not NO_ONE:
        state.protect(act.target, SAVED(players={"victim": act.target}))


PROTECT = NightActionSpec(
    code="protect",
    prompt="It is night. Who would you like to save?",
    self_choices=SELF_SAVES,
    self_refusal="You have already saved yourself once this game (C3): choose someone else.",
    priority=10,
    effect=doctor_save,
    label="saves",
)

ROLE = RoleSpec(
    code="doctor",
    name="Doctor",
    alignment=VILLAGE,
    summary="Each night, choose a player to save: if the mafia picked them, nobody dies that "
    "night. You may save yourself once a game (C3).",
    default_count=1,
    night_action=PROTECT,
    reveal="the doctor",
)
