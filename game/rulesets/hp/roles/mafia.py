"""Mafia: with the other mafias, chooses one living non-mafia to attack each night (H3, H4);
cannot die by the attack's damage, only be voted out."""

from game.rulesets.base import MAFIA, NightActionSpec, RoleSpec

STARTING_HP = 2500

ATTACK = NightActionSpec(
    code="attack",
    prompt="Choose a target:",
    self_choices=0,
    self_refusal="You cannot target a mafia.",
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
