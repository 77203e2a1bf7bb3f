"""Taser (R44, 4 at the start): the holder writes a target's name (final); from 5 minutes later
the holder may taze that target, who can make no kill for the rest of the day. Times are passed in.

Decisions no ruling spells out:
- The name written must be another living player's; a taser cannot be written on its holder.
- The name stays when the taser changes hands (R13, R45): whoever holds it may use it, from five
  minutes after the name was written.
- A taser can only be used on a living target, during a day, by its living holder.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Final

from game.rulesets.base import ItemSpec
from game.rulesets.reasons import Reason

TASER_DELAY: Final = dt.timedelta(minutes=5)

DEAD_HOLDER: Final = Reason("item_dead_holder", "Dead players cannot use items.")
NOT_HELD: Final = Reason("taser_not_held", "You do not hold that taser.")
ALREADY_WRITTEN: Final = Reason(
    "taser_already_written", "A name is already written on this taser: it cannot be erased (R44)."
)
SELF_TARGET: Final = Reason("taser_self_target", "Write another player's name on the taser.")
DEAD_TARGET: Final = Reason("taser_dead_target", "The target must be a living player.")
NOT_WRITTEN: Final = Reason("taser_not_written", "Write a target's name on the taser first (R44).")
WRONG_TARGET: Final = Reason(
    "taser_wrong_target", "This taser can only taze the player whose name is written on it (R44)."
)
NO_DAY: Final = Reason("taser_no_day", "Tasers are used during a day.")
NOT_READY: Final = Reason(
    "taser_not_ready",
    "The taser works 5 minutes after the name was written (R44): wait {wait} more {minutes}.",
)

ITEM = ItemSpec(
    code="taser",
    name="Taser",
    summary="Write a target's name on it; from 5 minutes later you may taze them: they can make no "
    "kill for the rest of the day (R44).",
    default_count=4,
)


@dataclass(frozen=True)
class Taser:
    """A taser as its holder sees it: `written_target` and `written_at` once a name is on it."""

    held_by_asker: bool
    holder_alive: bool
    holder: int | None = None
    written_target: int | None = None
    written_at: dt.datetime | None = None


def taser_ready_at(written_at: dt.datetime) -> dt.datetime:
    """R44: a taser works from 5 minutes after the target's name was written on it."""
    return written_at + TASER_DELAY


def taser_write_refusal(taser: Taser, *, target: int, target_alive: bool) -> Reason | None:
    """R44: the holder writes one living player's name, once (it cannot be erased).
    None: allowed; otherwise the reason it is not."""
    if not taser.held_by_asker:
        return NOT_HELD
    if not taser.holder_alive:
        return DEAD_HOLDER
    if taser.written_target is not None:
        return ALREADY_WRITTEN
    if target == taser.holder:
        return SELF_TARGET
    if not target_alive:
        return DEAD_TARGET
    return None


def taser_use_refusal(
    taser: Taser, *, target: int, target_alive: bool, day_open: bool, now: dt.datetime
) -> Reason | None:
    """R44: from 5 minutes after writing, the holder may taze the written target, and only
    them. None: allowed; otherwise the reason it is not."""
    if not taser.held_by_asker:
        return NOT_HELD
    if not taser.holder_alive:
        return DEAD_HOLDER
    if taser.written_target is None or taser.written_at is None:
        return NOT_WRITTEN
    if target != taser.written_target:
        return WRONG_TARGET
    if not target_alive:
        return DEAD_TARGET
    if not day_open:
        return NO_DAY
    ready = taser_ready_at(taser.written_at)
    if now < ready:
        wait = int((ready - now).total_seconds() + 59) // 60
        return NOT_READY(wait=wait, minutes="minutes" if wait != 1 else "minute")
    return None
