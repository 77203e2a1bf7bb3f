"""Votes and day end: ballots and reminders, the day cycle and its missed ends, the day end, its
end-of-day deaths, journal and undo, and a forum game's day."""
