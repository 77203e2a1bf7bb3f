import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from game.rulesets.live_action.day_clock import day_end_after, day_end_on_resume, day_is_open

NEW_YORK = ZoneInfo("America/New_York")
ELEVEN_PM = dt.time(23, 0)


def ny(*args, fold: int = 0) -> dt.datetime:
    return dt.datetime(*args, tzinfo=NEW_YORK, fold=fold)


@pytest.mark.parametrize(
    ("moment", "expected_utc"),
    [
        # Spring forward on 2026-03-08: 23:00 EDT is 03:00 UTC.
        (ny(2026, 3, 8, 9, 0), dt.datetime(2026, 3, 9, 3, 0, tzinfo=dt.UTC)),
        # The day before the change: 23:00 EST is 04:00 UTC.
        (ny(2026, 3, 7, 12, 0), dt.datetime(2026, 3, 8, 4, 0, tzinfo=dt.UTC)),
        # Fall back on 2026-11-01: 23:00 EST is 04:00 UTC.
        (ny(2026, 11, 1, 1, 30, fold=1), dt.datetime(2026, 11, 2, 4, 0, tzinfo=dt.UTC)),
        (ny(2026, 10, 31, 12, 0), dt.datetime(2026, 11, 1, 3, 0, tzinfo=dt.UTC)),
        # At or after 23:00 the day ends at 23:00 the next evening.
        (ny(2026, 11, 1, 23, 0), dt.datetime(2026, 11, 3, 4, 0, tzinfo=dt.UTC)),
        (ny(2026, 11, 1, 23, 30), dt.datetime(2026, 11, 3, 4, 0, tzinfo=dt.UTC)),
    ],
)
def test_day_ends_at_eleven_pm_local_across_daylight_saving(moment, expected_utc):
    end = day_end_after(moment, NEW_YORK, ELEVEN_PM)
    assert end == expected_utc
    assert end.astimezone(NEW_YORK).time() == ELEVEN_PM


def test_day_end_needs_an_aware_moment():
    with pytest.raises(ValueError):
        day_end_after(dt.datetime(2026, 1, 1, 12, 0), NEW_YORK, ELEVEN_PM)


def test_a_day_end_still_ahead_is_kept_on_resume():
    scheduled = dt.datetime(2026, 3, 10, 3, 0, tzinfo=dt.UTC)
    assert (
        day_end_on_resume(
            scheduled,
            scheduled - dt.timedelta(hours=3),
            scheduled - dt.timedelta(hours=2),
            NEW_YORK,
            ELEVEN_PM,
        )
        == scheduled
    )


PAUSED = ny(2026, 3, 9, 20, 0)


def test_a_day_end_missed_during_a_pause_moves_to_the_next_evening():
    scheduled = ny(2026, 3, 9, 23, 0).astimezone(dt.UTC)
    resumed = ny(2026, 3, 10, 8, 0)
    assert day_end_on_resume(scheduled, PAUSED, resumed, NEW_YORK, ELEVEN_PM) == ny(
        2026, 3, 10, 23, 0
    )


def test_a_day_end_already_passed_when_the_clock_was_paused_is_kept_on_resume():
    """The job had not run yet: that day is over, and votes since count for the next day (R5)."""
    scheduled = ny(2026, 3, 9, 23, 0)
    paused_late = ny(2026, 3, 9, 23, 5)
    resumed = ny(2026, 3, 10, 8, 0)
    assert day_end_on_resume(scheduled, paused_late, resumed, NEW_YORK, ELEVEN_PM) == scheduled


END = ny(2026, 3, 9, 23, 0)


@pytest.mark.parametrize(
    ("now", "paused_at", "closed", "open_"),
    [
        (ny(2026, 3, 9, 22, 59), None, False, True),
        (ny(2026, 3, 9, 23, 0), None, False, False),
        # The job is late: the day is over at its end all the same (R1).
        (ny(2026, 3, 9, 23, 30), None, False, False),
        # A pause spanning the end keeps the day open (no ruling; see day_is_open).
        (ny(2026, 3, 9, 23, 30), ny(2026, 3, 9, 22, 0), False, True),
        # A pause taken after the end does not reopen the day.
        (ny(2026, 3, 9, 23, 30), ny(2026, 3, 9, 23, 10), False, False),
        # A day closed early by the moderators is over whatever the clock says.
        (ny(2026, 3, 9, 12, 0), None, True, False),
    ],
)
def test_the_day_a_vote_counts_for_is_the_open_one(now, paused_at, closed, open_):
    assert day_is_open(ends_at=END, closed=closed, now=now, paused_at=paused_at) is open_
