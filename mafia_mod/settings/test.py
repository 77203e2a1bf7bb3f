"""pytest: the database comes from DATABASE_URL (SQLite when unset); tasks run in-process."""

import os
import tempfile
from pathlib import Path

from .base import *  # noqa: F403
from .base import DATABASES, env

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# Tests travel in time (time_machine), which moves this process's clock but not PostgreSQL's;
# the tests of the database clock itself switch it back on.
GAME_CLOCK = "process"
# The push tests' service lives under the reserved .test domain, which resolves nowhere.
WEBPUSH_PUSH_SERVICE_HOSTS = [*WEBPUSH_PUSH_SERVICE_HOSTS, "push.example.test"]  # noqa: F405
# No live channel unless a test starts one (tests/live): pages poll, as with `make run`.
LIVE_REDIS_URL = env("LIVE_REDIS_URL", default="")
LIVE_CHANNEL = env("LIVE_CHANNEL", default="redis" if LIVE_REDIS_URL else "")

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file of this process's own, not SQLite's in-memory database: the live server hands an
    # in-memory database's one connection to all its request threads, which then break each
    # other's transactions. With a file each thread opens its own connection, with base.py's WAL,
    # IMMEDIATE transactions and busy timeout, as under `make run`. Like an in-memory database it
    # is made afresh for each run and removed after it (tests/conftest.py, django_db_keepdb).
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"mafia-mod-tests-{os.getpid()}.sqlite3")
    }
