"""Mayor (R8, R22, R46-R48): elected by petition; the vote counts three, one investigation a
day, and Count the Mafia twice per game, at most once per term.

Decisions no ruling spells out:
- "Twice per game" is the office's: two counts in the whole game, whoever the mayors are.
- A count is spent when asked, whatever the moderators answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from game.rulesets.base import CapacitySpec, OfficeSpec
from game.rulesets.reasons import Reason

COUNTS_PER_GAME: Final = 2
COUNTS_PER_TERM: Final = 1

NOT_MAYOR: Final = Reason("count_not_mayor", "Only the living mayor may count the mafia (R48).")
COUNTS_USED: Final = Reason(
    "count_used_up", "Count the Mafia has been used twice this game: no count is left (R48)."
)
COUNT_THIS_TERM: Final = Reason(
    "count_this_term", "You have counted the mafia once this term: once per term at most (R48)."
)

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
)


def count_refusal(
    *, is_living_mayor: bool, counts_in_game: int, counts_this_term: int
) -> Reason | None:
    """R48: Count the Mafia twice per game, and no mayor more than once in their term."""
    if not is_living_mayor:
        return NOT_MAYOR
    if counts_in_game >= COUNTS_PER_GAME:
        return COUNTS_USED
    if counts_this_term >= COUNTS_PER_TERM:
        return COUNT_THIS_TERM
    return None


def mafia_count(living_mafia_aligned: Iterable[bool]) -> int:
    """R48 with R16: how many living players are mafia-aligned (mafia and conscripts; serial
    killers are not). One flag per living player."""
    return sum(1 for aligned in living_mafia_aligned if aligned)
