"""Phases and nights: the phase engine's rows and steps, night choices and the classic dawn and
vote."""
