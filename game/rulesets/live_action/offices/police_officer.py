"""Police officer (R22, R23, R46-R48): elected by petition; one investigation a day, and a watch
list of up to three players set each day for the next, whose deaths may be asked about again."""

from __future__ import annotations

from typing import Final

from game.rulesets.base import CapacitySpec, OfficeSpec
from game.rulesets.live_action.facts import ALREADY_ASKED, Question
from game.rulesets.reasons import Reason

WATCH_LIST_SIZE: Final = 3


def investigation_refusals(question: Question) -> list[Reason]:
    """R23, with the officer's exception for a victim who died on their watch list."""
    if question.asker.player in question.death.watched_by:
        return []
    if any(past.victim == question.death.victim for past in question.same_capacity):
        return [ALREADY_ASKED]
    return []


CAPACITY = CapacitySpec(
    code="police_officer",
    label="Police officer",
    missing=Reason("not_police_officer", "You are not the police officer (R22)."),
    check=investigation_refusals,
    once_per_death=False,
)
OFFICE = OfficeSpec(
    code="police_officer",
    name="Police officer",
    summary="Elected by petition (R46, R47).",
    card=(
        "Each day name up to three players to watch the next day (R48).",
        "One investigation a day; you may ask again about a death on your watch list (R22, R23).",
    ),
    capacities=(CAPACITY,),
)
