"""Who may ask which investigation, and when (R21-R24).

The caller describes the question (`facts.Question`: the asker, the death asked about, the
suspects, the capacity used and the asker's earlier investigations in it);
`investigation_refusals` returns every reason to refuse, each citing its ruling (an empty list
means the investigation may be asked): the limits every capacity shares (who may be a suspect is
`suspects.suspect_refusal`, the rule the pages offer their suspects by), then the capacity's own,
in its role's or office's module.

Decisions no ruling spells out:
- A dead player may not investigate in any capacity (the rules: "Dead players tell no tales").
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Final

from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.live_action.facts import (
    ALREADY_ASKED,
    Asker,
    InvestigatedDeath,
    PastInvestigation,
    PlayerLife,
    Question,
)
from game.rulesets.live_action.suspects import suspect_refusal
from game.rulesets.reasons import Reason
from game.rulesets.specs import CapacitySpec

DEAD_ASKER: Final = Reason(
    "dead_asker", 'Dead players cannot investigate (the rules: "Dead players tell no tales").'
)
NOT_A_KILL: Final = Reason(
    "not_a_kill",
    "Only kills can be investigated: executions and end-of-day deaths have no kill site (R21).",
)
NO_VISIT: Final = Reason(
    "no_visit", "You must report a visit to this kill site before investigating it (R21)."
)
ONE_SUSPECT: Final = Reason("one_suspect", "Name exactly one suspect (R19).")
DAILY_USED: Final = Reason(
    "daily_used", "You have already used today's {capacity} investigation (R22)."
)
MISSING_CAPACITY: Final = {capacity.code: capacity.missing for capacity in LIVE_ACTION.capacities}


def investigation_refusals(
    *,
    asker: Asker,
    capacity: str,
    day: int,
    death: InvestigatedDeath,
    suspects: Collection[PlayerLife],
    history: Iterable[PastInvestigation],
) -> list[Reason]:
    """Every reason `asker` may not ask, in `capacity` on `day`, whether `suspects` killed
    `death.victim` (R12, R19, R21-R24). An empty list means the investigation is allowed."""
    suspect_ids = [suspect.player for suspect in suspects]
    spec = LIVE_ACTION.capacity(capacity)
    same_capacity = tuple(
        past for past in history if past.asker == asker.player and past.capacity == capacity
    )
    refusals = _asker_and_death_refusals(asker, spec, death)
    if spec.daily and any(past.day == day for past in same_capacity):
        refusals.append(DAILY_USED(capacity=spec.label.lower()))
    if spec.once_per_death and any(past.victim == death.victim for past in same_capacity):
        refusals.append(ALREADY_ASKED)
    if spec.single_suspect and len(set(suspect_ids)) != 1:
        refusals.append(ONE_SUSPECT)
    refusals.extend(_suspects_refusals(asker, death, suspects))
    if spec.check is not None:
        question = Question(asker, capacity, day, death, suspect_ids, same_capacity)
        refusals.extend(spec.check(question))
    return refusals


def _asker_and_death_refusals(
    asker: Asker, spec: CapacitySpec, death: InvestigatedDeath
) -> list[Reason]:
    """A dead asker, an asker without the capacity, a death that is not a kill, a kill site
    the capacity needs visited and the asker has not (R21)."""
    refusals: list[Reason] = []
    if not asker.alive:
        refusals.append(DEAD_ASKER)
    if spec.code not in asker.capacities:
        refusals.append(spec.missing)
    if not death.is_kill:
        refusals.append(NOT_A_KILL)
    elif spec.needs_visit and death.victim not in asker.visited_sites:
        refusals.append(NO_VISIT)
    return refusals


def _suspects_refusals(
    asker: Asker, death: InvestigatedDeath, suspects: Collection[PlayerLife]
) -> list[Reason]:
    """The suspects who may not be named about the kill at its time (R12, R19)."""
    if death.killed_at is None:
        return []
    found = (
        suspect_refusal(suspect, victim=death.victim, killed_at=death.killed_at, asker=asker.player)
        for suspect in suspects
    )
    return [refusal for refusal in found if refusal is not None]
