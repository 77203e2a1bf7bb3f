"""The app as the benchmark serves it: production-like (DEBUG off), on its own database.
SQLite file under bench/var unless DATABASE_URL points at PostgreSQL (use a scratch database)."""

import os

from mafia_mod.settings.base import *  # noqa: F403
from mafia_mod.settings.base import BASE_DIR, DATABASES

DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
if not os.environ.get("DATABASE_URL"):
    (BASE_DIR / "bench" / "var").mkdir(parents=True, exist_ok=True)
    DATABASES["default"]["NAME"] = str(BASE_DIR / "bench" / "var" / "bench.sqlite3")
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "ERROR"}}
