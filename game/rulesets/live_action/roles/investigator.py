"""Investigator (R19-R23): once a day, "did X kill Y?" about a kill site they visited."""

from game.rulesets.base import CapacitySpec, RoleSpec
from game.rulesets.live_action.facts import Alignment
from game.rulesets.reasons import Reason

CAPACITY = CapacitySpec(
    code="investigator",
    label="Investigator",
    missing=Reason("not_investigator", "You are not an investigator (R22)."),
)

ROLE = RoleSpec(
    code="investigator",
    name="Investigator",
    alignment=Alignment.TOWN,
    summary="You find the killers.",
    card=(
        'Once a day ask "Did X kill Y?" about a death whose kill site you visited and reported '
        "(R21, R22).",
        "Only one question about each death, ever (R23).",
    ),
    default_count=2,
    capacities=(CAPACITY,),
)
