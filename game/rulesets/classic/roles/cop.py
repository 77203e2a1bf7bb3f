"""Cop: investigates one player each night and learns their alignment at dawn (C4)."""

from game.rulesets.base import NightActionSpec, RoleSpec
from game.rulesets.nights import Act, NightState
from game.rulesets.phases import NO_ONE
from game.rulesets.reasons import Reason

VILLAGE = "village"

INVESTIGATED = Reason("investigated", "The cop {cop} learns that {target} is {alignment}-aligned.")
COP_DIED = Reason("cop_died", "The cop {cop} died in the night and learns nothing.")
RESULT = Reason(
    "investigation_result", "Investigations showed that {target} is {alignment}-aligned."
)


def cop_investigation(state: NightState, act: Act) -> None:
    """C4: a cop alive at dawn learns the alignment of the player they chose, in the seed's
    words; it resolves after the kills, so that a cop killed that night learns nothing."""
    if act.target is NO_ONE:
        return
    cop, target = act.actor, act.target
    if state.dies(cop):
        state.note(COP_DIED(players={"cop": cop}))
        return
    alignment = state.alignments[target]
    state.tell(
        cop,
        RESULT(players={"target": target}, alignment=alignment),
        INVESTIGATED(players={"cop": cop, "target": target}, alignment=alignment),
        entry="investigation_result",
    )


INVESTIGATE = NightActionSpec(
    code="investigate",
    prompt="It is night. Who would you like to investigate?",
    self_choices=0,
    self_refusal="You know your own alignment: investigate someone else.",
    priority=90,
    effect=cop_investigation,
    label="investigates",
)

ROLE = RoleSpec(
    code="cop",
    name="Cop",
    alignment=VILLAGE,
    summary="Each night, investigate one player: at dawn you learn whether they are village- or "
    "mafia-aligned (C4).",
    default_count=1,
    night_action=INVESTIGATE,
    reveal="the cop",
)
