"""Desperado (R25): once per game goes desperado from the start of the next day, investigates
as an investigator and is immune to kills while desperado, and dies at the end of the second day.

Decisions no ruling spells out:
- "Once per game" counts going desperado, not asking: a request cancelled before the day end may
  be made again; a second request while one is waiting is refused.
- A request waits for the end of the day it was made on; a desperado who dies before then does
  not go desperado (the request lapses).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.rulesets.base import CapacitySpec, DeathCauseSpec, RoleSpec
from game.rulesets.live_action.facts import Alignment
from game.rulesets.reasons import Reason

DAYS: Final = 2

NOT_A_DESPERADO: Final = Reason("not_desperado", "Only a desperado can go desperado (R25).")
DEAD: Final = Reason("desperado_dead", "Dead players cannot go desperado (R25).")
NO_DAY: Final = Reason("desperado_no_day", "A desperado request is made during a day (R25).")
ALREADY_GONE: Final = Reason(
    "desperado_already_gone", "You have already gone desperado: it happens once per game (R25)."
)
ALREADY_ASKED: Final = Reason(
    "desperado_already_asked",
    "You have already asked to go desperado; it takes effect at the next day.",
)
NOTHING_TO_CANCEL: Final = Reason(
    "desperado_nothing_to_cancel", "You have no desperado request waiting to be cancelled (R25)."
)
DEATH: Final = DeathCauseSpec("desperado", "Desperado", event_kind="desperado_death")


@dataclass(frozen=True)
class DesperadoAsker:
    """The player asking: `gone_on` is the day they went desperado (None: not yet);
    `waiting_request_day` the day of their request still waiting for its day end."""

    is_desperado: bool
    alive: bool
    day_open: bool
    gone_on: int | None = None
    waiting_request_day: int | None = None


def start_day(requested_on: int) -> int:
    """R25: a desperado request made during day D takes effect at the start of day D+1."""
    return requested_on + 1


def death_day(went_desperado_on: int) -> int:
    """R25: desperado from the start of day D, they die at the end of day D+1."""
    return went_desperado_on + DAYS - 1


def request_refusal(asker: DesperadoAsker) -> Reason | None:
    """R25: a living desperado who has not gone desperado may ask during a day, once per game.
    None: the request is allowed; otherwise the reason it is not."""
    if not asker.is_desperado:
        return NOT_A_DESPERADO
    if not asker.alive:
        return DEAD
    if asker.gone_on is not None:
        return ALREADY_GONE
    if asker.waiting_request_day is not None:
        return ALREADY_ASKED
    if not asker.day_open:
        return NO_DAY
    return None


def cancel_refusal(asker: DesperadoAsker) -> Reason | None:
    """R25: a waiting request can be cancelled until it takes effect at the start of the next
    day."""
    if not asker.alive:
        return DEAD
    if asker.waiting_request_day is None:
        return NOTHING_TO_CANCEL
    return None


CAPACITY = CapacitySpec(
    code="desperado",
    label="Desperado",
    missing=Reason("not_gone_desperado", "You have not gone desperado (R25)."),
    held_from_deal=False,
)
ROLE = RoleSpec(
    code="desperado",
    name="Desperado",
    alignment=Alignment.TOWN,
    summary="Once per game you may go desperado.",
    card=(
        "Ask to go desperado during a day; it starts with the next day and can be cancelled until "
        "then (R25).",
        'While desperado you investigate like an investigator and may answer a BANG with "I do '
        'not die" (R25).',
        "You die at the end of the second day of going desperado (R25).",
    ),
    default_count=1,
    capacities=(CAPACITY,),
)
