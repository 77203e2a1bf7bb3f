"""Werewolf: the werewolves choose one villager together each night; the one most of them
chose dies at dawn unless the witch heals them."""

from game.rulesets.base import MAFIA, NightActionSpec, RoleSpec
from game.rulesets.nights import Act, NightState
from game.rulesets.phases import NO_ONE
from game.rulesets.reasons import Reason

DEVOURED = Reason("devoured", "The werewolves devoured {victim}.")
PACK_TIE = Reason("pack_tie", "The werewolves were split between {count} choices; a draw chose.")


def werewolves_devour(state: NightState, act: Act) -> None:
    """The pack's choice (most of the living werewolves' picks, a missing pick no one, a tie
    drawn from the game's seed) dies at dawn unless the witch healed them first."""
    if len(act.tied) > 1:
        state.note(PACK_TIE(count=len(act.tied)))
    if act.target is not NO_ONE:
        state.kill(act.target, DEVOURED(players={"victim": act.target}))


DEVOUR = NightActionSpec(
    code="kill",
    prompt="Which villager do the werewolves devour tonight?",
    priority=20,
    group=True,
    effect=werewolves_devour,
    label="wants to devour",
)

ROLE = RoleSpec(
    code="werewolf",
    name="Werewolf",
    alignment=MAFIA,
    summary="Each night, choose a villager to devour with the other werewolves.",
    card=("You know the other werewolves and share the pack's den with them.",),
    default_count=2,
    night_action=DEVOUR,
    reveal="a werewolf",
)
