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
    scheduled_end: dt.datetime,
    paused_at: dt.datetime,
    resumed_at: dt.datetime,
    zone: ZoneInfo,
    local_end: dt.time,
) -> dt.datetime:
    """Where a paused day's end goes when the clock resumes.

    No ruling covers pauses; the app decides as a fair moderator would: a day end that fell
    during the pause is not run late in a burst but moves to the next day-end time after the
    resume, and a day end still ahead is kept. A day end that had already passed when the clock
    was paused (the job had not run yet) is kept too: that day was over, and votes cast after
    its end already count for the next day (R1, R5).
    """
    if scheduled_end > resumed_at or scheduled_end <= paused_at:
        return scheduled_end
    return day_end_after(resumed_at, zone, local_end)


def day_is_open(
    *, ends_at: dt.datetime | None, closed: bool, now: dt.datetime, paused_at: dt.datetime | None
) -> bool:
    """Whether the day is still the one a vote recorded at `now` counts for (R1, R5).

    A day is over at its end or when it is closed, whichever comes first, however late the job
    that closes it runs; a day with no end (in a game nobody moderates, H10) once it is
    closed. No ruling covers pauses: a paused clock stops the day's time at the pause, so a
    day end that falls during the pause has not happened, and votes count for the open day
    until the clock resumes and the day really ends.
    """
    if closed or ends_at is None:
        return not closed
    clock = min(now, paused_at) if paused_at is not None else now
    return clock < ends_at


MISSED_DAY_ENDS_COUNTED = 100


def missed_day_ends(
    scheduled_end: dt.datetime, now: dt.datetime, zone: ZoneInfo, local_end: dt.time
) -> int:
    """How many day ends have passed unprocessed at `now`, from the current day's end on (R1,
    R4); counted up to MISSED_DAY_ENDS_COUNTED.

    No ruling covers a long outage. The app decides as a fair moderator would: one late day end
    is run at once (its day was played), but when more than one is overdue nobody voted in the
    later days, so running them would execute by tiebreaks and could end the game (R9, R18)
    with no moderator involved: the game waits for a moderator instead."""
    count, end = 0, scheduled_end
    while end <= now and count < MISSED_DAY_ENDS_COUNTED:
        count += 1
        end = day_end_after(end, zone, local_end)
    return count
