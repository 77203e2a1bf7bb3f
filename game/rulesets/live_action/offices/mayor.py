"""Mayor (R8, R22, R46-R48): elected by petition; the vote counts three, one investigation a
day, and Count the Mafia twice per game, at most once per term."""

from game.rulesets.base import CapacitySpec, OfficeSpec
from game.rulesets.reasons import Reason

CAPACITY = CapacitySpec(
    code="mayor",
    label="Mayor",
    missing=Reason("not_mayor", "You are not the mayor (R22)."),
)
OFFICE = OfficeSpec(
    code="mayor",
    name="Mayor",
    summary="Elected by petition (R46, R47).",
    card=(
        "Your vote counts three (R8).",
        'Once a day ask "Did X kill Y?" about a kill site you visited, even before you were '
        "elected (R21, R22).",
        "Count the Mafia twice per game, at most once per term (R48).",
    ),
    capacities=(CAPACITY,),
    not_yet="Petitions and Count the Mafia are not in the app yet: the moderators set the mayor "
    "(R46-R48).",
)
