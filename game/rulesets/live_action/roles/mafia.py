"""Mafia (R16, R33-R42): the mafia win when no townie is alive; their powers (the `powers`
package) are shared by every mafia-aligned player, conscripts included."""

from game.rulesets.base import RoleSpec
from game.rulesets.live_action.facts import Alignment

ROLE = RoleSpec(
    code="mafia",
    name="Mafia",
    alignment=Alignment.MAFIA,
    summary="You win when no townie is left alive. The mafia powers are shared by every "
    "mafia-aligned player.",
    card=(
        "Free kill: one a day, shared; a failed attempt does not use it (R33).",
        "Scheme, Poison, Set a Trap, Slaughter the Weak, Frame, Plant Evidence, "
        "Manipulate the Press, Hire a Hitman, Conscript, Stalk and the Don (R34-R42).",
        'Disarm: if a player says BANG to you, you may say "Disarm." within 10 seconds (R40).',
    ),
    default_count=5,
)
