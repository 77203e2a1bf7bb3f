"""Witch: two potions a game, one of each. The healing potion keeps one player alive through
the night; the poison kills one player at dawn, whoever protects them."""

from game.rulesets.base import NightActionSpec, RoleSpec
from game.rulesets.nights import Act, NightState, when_chosen
from game.rulesets.reasons import Reason
from tests.rulesets.werewolf_village.roles.seer import VILLAGE

HEALED = Reason("healed", "The witch's potion healed {victim}.")
POISONED = Reason("poisoned", "The witch poisoned {victim}.")


def witch_heals(state: NightState, act: Act) -> None:
    """The healing potion works before the werewolves come: whoever drinks it survives them."""
    state.protect(act.target, HEALED(players={"victim": act.target}))


def witch_poisons(state: NightState, act: Act) -> None:
    """The poison works after the werewolves, and no potion undoes it: its victim dies at dawn
    unless they already die that night."""
    state.kill(act.target, POISONED(players={"victim": act.target}))


HEAL = NightActionSpec(
    code="heal",
    prompt="Whom do you give your healing potion tonight? You have one a game.",
    priority=10,
    uses=1,
    uses_refusal="Your healing potion is spent.",
    effect=when_chosen(witch_heals),
    label="heals",
)

POISON = NightActionSpec(
    code="poison",
    prompt="Whom do you poison tonight? You have one poison a game.",
    self_choices=0,
    self_refusal="The witch does not poison herself.",
    priority=40,
    uses=1,
    uses_refusal="Your poison is spent.",
    effect=when_chosen(witch_poisons),
    label="poisons",
)

ROLE = RoleSpec(
    code="witch",
    name="Witch",
    alignment=VILLAGE,
    summary="You brew one healing potion and one poison a game: heal a player for a night, or "
    "poison one.",
    default_count=1,
    night_action=HEAL,
    more_night_actions=(POISON,),
    reveal="the witch",
)
