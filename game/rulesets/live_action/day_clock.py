"""When days end (R1, R3): pure date arithmetic in the game's own time zone."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo


def day_end_after(moment: dt.datetime, zone: ZoneInfo, local_end: dt.time) -> dt.datetime:
    """The first day-end time strictly after `moment` (R1), as an aware UTC datetime.

    The end is built from the local calendar date in the game's zone, so it stays at the same
    wall-clock time across daylight-saving changes.
    """
    if moment.tzinfo is None:
        raise ValueError("moment must be timezone-aware")
    local_date = moment.astimezone(zone).date()
    for offset in range(3):
        candidate = dt.datetime.combine(local_date + dt.timedelta(days=offset), local_end, zone)
        candidate_utc = candidate.astimezone(dt.UTC)
        if candidate_utc > moment:
            return candidate_utc
    raise AssertionError("a day end always exists within three local dates")


def day_end_on_resume(
    scheduled_end: dt.datetime, resumed_at: dt.datetime, zone: ZoneInfo, local_end: dt.time
) -> dt.datetime:
    """Where a paused day's end goes when the clock resumes.

    No ruling covers pauses; the app decides as a fair moderator would: a day end that fell
    during the pause is not run late in a burst but moves to the next day-end time after the
    resume, and a day end still ahead is kept.
    """
    if scheduled_end > resumed_at:
        return scheduled_end
    return day_end_after(resumed_at, zone, local_end)
