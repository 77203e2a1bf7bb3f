"""Going desperado (R25), live-action ruleset. Pure Python.

Decisions no ruling spells out:
- "Once per game" counts going desperado, not asking: a request cancelled before the day end may
  be made again; a second request while one is waiting is refused.
- A request waits for the end of the day it was made on; a desperado who dies before then does
  not go desperado (the request lapses).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

NOT_A_DESPERADO: Final = "Only a desperado can go desperado (R25)."
DEAD: Final = "Dead players cannot go desperado (R25)."
NO_DAY: Final = "A desperado request is made during a day (R25)."
ALREADY_GONE: Final = "You have already gone desperado: it happens once per game (R25)."
ALREADY_ASKED: Final = "You have already asked to go desperado; it takes effect at the next day."
NOTHING_TO_CANCEL: Final = "You have no desperado request waiting to be cancelled (R25)."


@dataclass(frozen=True)
class DesperadoAsker:
    """The player asking: `gone_on` is the day they went desperado (None: not yet);
    `waiting_request_day` the day of their request still waiting for its day end."""

    is_desperado: bool
    alive: bool
    day_open: bool
    gone_on: int | None = None
    waiting_request_day: int | None = None


def desperado_request_refusal(asker: DesperadoAsker) -> str | None:
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


def desperado_cancel_refusal(asker: DesperadoAsker) -> str | None:
    """R25: a waiting request can be cancelled until it takes effect at the start of the next
    day."""
    if not asker.alive:
        return DEAD
    if asker.waiting_request_day is None:
        return NOTHING_TO_CANCEL
    return None
