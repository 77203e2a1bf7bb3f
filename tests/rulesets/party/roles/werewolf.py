"""Werewolf: the werewolves eat a villager each night, together (their plurality, as C2)."""

from game.rulesets.base import MAFIA, NightActionSpec, RoleSpec
from game.rulesets.nights import Act, NightState
from game.rulesets.phases import NO_ONE
from game.rulesets.reasons import Reason

EATEN = Reason("eaten", "The werewolves ate {victim}.")


def werewolves_eat(state: NightState, act: Act) -> None:
    """The werewolves' plurality dies unless healed (as C2, C3)."""
    if act.target is not NO_ONE:
        state.kill(act.target, EATEN(players={"victim": act.target}))


ROLE = RoleSpec(
    code="werewolf",
    name="Werewolf",
    alignment=MAFIA,
    summary="Eat a villager each night.",
    default_count=1,
    night_action=NightActionSpec(
        code="kill",
        prompt="Who do you eat tonight?",
        priority=20,
        group=True,
        effect=werewolves_eat,
        label="eats",
    ),
    reveal="a werewolf",
)
