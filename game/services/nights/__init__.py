"""Phases and nights: the phase engine's rows and steps, its reminders to act, night choices,
the dawn of every night-and-day rule set (dawn) and the classic vote."""
