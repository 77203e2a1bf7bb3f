"""Vigilante: one shot a game, at night; the shot kills unless the target was healed."""

from game.rulesets.base import NightActionSpec, RoleSpec
from game.rulesets.nights import Act, NightState
from game.rulesets.phases import NO_ONE
from game.rulesets.reasons import Reason
from tests.rulesets.party.roles.healer import VILLAGE

SHOT = Reason("vigilante_shot", "The vigilante {vigilante} shot {victim}.")


def vigilante_shoots(state: NightState, act: Act) -> None:
    """After the healers (who may save the target) and the werewolves."""
    if act.target is not NO_ONE:
        state.kill(act.target, SHOT(players={"vigilante": act.actor, "victim": act.target}))


ROLE = RoleSpec(
    code="vigilante",
    name="Vigilante",
    alignment=VILLAGE,
    summary="Once a game, shoot a player at night.",
    night_action=NightActionSpec(
        code="shoot",
        prompt="Who do you shoot tonight? You have one shot a game.",
        self_choices=0,
        self_refusal="Shoot someone else.",
        priority=30,
        uses=1,
        uses_refusal="You have used your one shot.",
        effect=vigilante_shoots,
        label="shoots",
    ),
    reveal="the vigilante",
)
