"""The app as `make faults` runs it: production-like (DEBUG off) on PostgreSQL and Redis, with
the periodic job sent every second instead of every 30 so that a day end due in seconds runs
in seconds."""

from mafia_mod.settings.base import *  # noqa: F403
from mafia_mod.settings.base import CELERY_BEAT_SCHEDULE

DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
CELERY_BEAT_SCHEDULE = {
    name: {**entry, "schedule": 1.0, "options": {"expires": 5}}
    for name, entry in CELERY_BEAT_SCHEDULE.items()
}
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
