"""Slaughter the Weak (R36, 1 charge): Set a Trap on innocent children only. The guess is always
"innocent child": used on anyone else it is a wrong guess and spends the charge (R36)."""

from game.rulesets.base import Choice, PowerInput, PowerSpec
from game.rulesets.live_action.roles.innocent_child import ROLE as INNOCENT_CHILD

GUESSED_ROLE = INNOCENT_CHILD.code

POWER = PowerSpec(
    code="slaughter_the_weak",
    name="Slaughter the Weak",
    summary="As Set a Trap, on innocent children only: on anyone else it is a wrong guess (R36).",
    charges=1,
    per_day=1,
    inputs=(PowerInput("target", "Player", Choice.LIVING, "target"),),
    help='As Set a Trap, guessing "innocent child": on anyone else it is a wrong guess and the '
    "charge is spent (R36).",
    confirm="Slaughter the Weak on {target}? If they are not an innocent child the charge is "
    "spent: {left_after} of {charges} left if it is.",
    verb="Slaughter the Weak",
    done="Trap set: the mafia log says whether the guess was right (R36).",
    override=True,
    prefix="slaughter",
)
