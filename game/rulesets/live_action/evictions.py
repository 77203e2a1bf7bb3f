"""Evictions (R49): a player who does not acknowledge a moderator's inactivity notice within 24
hours is evicted at the first day end at or after that deadline, announced as an end-of-day
death (R15).

Decisions no ruling spells out:
- Acknowledging exactly 24 hours after the notice is in time; acknowledging later does not cancel
  the eviction (a moderator can override). A day end exactly at the deadline evicts.
- A day ended early, before the deadline, moves the eviction to the next day end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from game.rulesets.base import DeathCauseSpec

GRACE: Final = timedelta(hours=24)
EVICTION: Final = DeathCauseSpec("eviction", "Evicted", event_kind="eviction")


@dataclass(frozen=True)
class InactivityNotice:
    player: int
    sent_at: datetime
    acknowledged_at: datetime | None = None


def eviction_deadline(notice: InactivityNotice) -> datetime:
    """R49: the notice must be acknowledged within 24 hours."""
    return notice.sent_at + GRACE


def acknowledged_in_time(notice: InactivityNotice) -> bool:
    """R49: acknowledged no later than 24 hours after the notice."""
    acknowledged_at = notice.acknowledged_at
    return acknowledged_at is not None and acknowledged_at <= eviction_deadline(notice)


def eviction_day(notice: InactivityNotice, day_ends: Mapping[int, datetime]) -> int | None:
    """R49: the day at whose end the player is evicted: the first day ending at or after the
    deadline. None if the notice was acknowledged in time or no known day end is that late."""
    if acknowledged_in_time(notice):
        return None
    deadline = eviction_deadline(notice)
    due = [day for day, end in day_ends.items() if end >= deadline]
    return min(due, default=None)


def evicted_at_day_end(
    notice: InactivityNotice, day_started_at: datetime, day_end_at: datetime
) -> bool:
    """R49: whether the day running from `day_started_at` to `day_end_at` is the first to end at or
    after the deadline of an unacknowledged notice (each day starts when the previous ends, R1)."""
    deadline = eviction_deadline(notice)
    return not acknowledged_in_time(notice) and day_started_at < deadline <= day_end_at
