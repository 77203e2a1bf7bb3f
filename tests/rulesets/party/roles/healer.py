"""Healer: heals someone else each night; a healed player survives the night's attacks."""

from game.rulesets.base import NightActionSpec, RoleSpec
from game.rulesets.nights import Act, NightState
from game.rulesets.phases import NO_ONE
from game.rulesets.reasons import Reason

VILLAGE = "village"
HEALED = Reason("healed", "{victim} was healed.")


def healer_heals(state: NightState, act: Act) -> None:
    if act.target is not NO_ONE:
        state.protect(act.target, HEALED(players={"victim": act.target}))


ROLE = RoleSpec(
    code="healer",
    name="Healer",
    alignment=VILLAGE,
    summary="Heal someone else each night.",
    default_count=1,
    night_action=NightActionSpec(
        code="protect",
        prompt="Who do you heal tonight?",
        self_choices=0,
        self_refusal="Healers cannot heal themselves.",
        priority=10,
        effect=healer_heals,
        label="heals",
    ),
    reveal="the healer",
)
