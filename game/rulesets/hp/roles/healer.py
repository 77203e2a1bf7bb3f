"""Healer: with the other healers, gives one living player 500 HP each night, after the attack;
an attacked target at 0 HP who is healed survives (H6)."""

from game.rulesets.base import RoleSpec
from game.rulesets.hp.group_action import group_action
from game.rulesets.hp.hp import HEAL_HP, HP_KEY, healed_hp, hp_in
from game.rulesets.hp.roles.detective import VILLAGE
from game.rulesets.nights import Act, NightState
from game.rulesets.reasons import Reason

STARTING_HP = 800
HEALED = Reason("hp_healed", "The healers gave {player} 500 HP.")


def healers_heal(state: NightState, act: Act) -> None:
    """H6: 500 HP with no ceiling, after the attack; the attack's target at 0 HP revives."""
    hp = healed_hp(hp_in(state.player_state[act.target]))
    state.player_state[act.target] = {**state.player_state[act.target], HP_KEY: str(hp)}
    revives = state.dies(act.target)
    state.heal(act.target, HEAL_HP, HEALED(players={"player": act.target}), revives=revives)


HEAL = group_action(
    code="heal",
    prompt="Choose a player to heal:",
    priority=30,
    effect=healers_heal,
    label="heals",
)

ROLE = RoleSpec(
    code="healer",
    name="Healer",
    alignment=VILLAGE,
    summary="Each night the healers give one living player (themselves and mafias included) "
    "500 HP, after the attack: the mafias' target, healed, survives with 500 HP (H6). Starts with "
    "800 HP.",
    night_action=HEAL,
    reveal="Healer",
)
