"""Wolf: the village's mafia; wolves know each other."""

from game.rulesets.base import MAFIA, RoleSpec

ROLE = RoleSpec(
    code="wolf",
    name="Wolf",
    alignment=MAFIA,
    summary="Outnumber the village.",
    card=("You know the other wolves.",),
    default_count=2,
)
