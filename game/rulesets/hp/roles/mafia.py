"""Mafia: with the other mafias, chooses one living non-mafia to attack each night (H3, H4);
cannot die by the attack's damage, only be voted out."""

from fractions import Fraction

from game.rulesets.base import MAFIA, RoleSpec
from game.rulesets.hp.group_action import group_action
from game.rulesets.hp.hp import HP_KEY, absorbed_damage, hp_in, target_hp_after_attack
from game.rulesets.nights import Act, NightState
from game.rulesets.reasons import Reason

STARTING_HP = 2500
ATTACKED = Reason("hp_attacked", "The mafias attacked {player}: {before} HP fell to {after}.")
ABSORBED = Reason("hp_absorbed", "{player} absorbed damage: {before} HP fell to {after}.")
FELL = Reason("hp_fell", "{player} fell to 0 HP.")


def mafias_attack(state: NightState, act: Act) -> None:
    """H4: the target falls by the living mafias' summed HP (to 0 at most), the mafias absorb
    the target's HP before the attack, and a target at 0 dies unless healed later (H6)."""
    mafias = [pk for pk in sorted(state.living) if MAFIA in state.roles.get(pk, ())]
    before = {pk: hp_in(state.player_state[pk]) for pk in [*mafias, act.target]}
    mafia_hp = [before[m] for m in mafias]
    after = dict(zip(mafias, absorbed_damage(mafia_hp, before[act.target]), strict=True))
    after[act.target] = target_hp_after_attack(mafia_hp, before[act.target])
    for pk, hp in after.items():
        if hp == before[pk]:
            continue
        state.player_state[pk] = {**state.player_state[pk], HP_KEY: str(hp)}
        words = ATTACKED if pk == act.target else ABSORBED
        lost = int(before[pk] - hp)
        state.damage(pk, lost, words(players={"player": pk}, before=int(before[pk]), after=int(hp)))
    if after[act.target] == Fraction(0):
        state.kill(act.target, FELL(players={"player": act.target}))


ATTACK = group_action(
    code="attack",
    prompt="Choose a target:",
    priority=10,
    effect=mafias_attack,
    label="attacks",
    own_role="mafia",
    own_refusal="You cannot target a mafia.",
)

ROLE = RoleSpec(
    code="mafia",
    name="Mafia",
    alignment=MAFIA,
    summary="Each night the mafias choose one target: if their combined HP reaches the target's "
    "HP the target falls to 0, and the mafias absorb the target's HP as damage (H4). Win when the "
    "living mafias are as many as the others (H9). Starts with 2500 HP.",
    night_action=ATTACK,
    reveal="mafia",
)
