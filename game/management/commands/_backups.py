"""What `backup` and `restore` share: the database's connection for pg_dump/pg_restore (the
password passes in the environment, never on a command line) and the backup's file names."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError

DATABASE_FILE = "database.dump"
MEDIA_FILE = "media.tar.gz"
# The client tools of the server's major version (PG_DUMP / PG_RESTORE override the path).
PG_DUMP = os.environ.get("PG_DUMP", shutil.which("pg_dump") or "pg_dump")
PG_RESTORE = os.environ.get("PG_RESTORE", shutil.which("pg_restore") or "pg_restore")


def postgres_arguments() -> tuple[list[str], dict[str, str]]:
    """pg_dump/pg_restore's connection options and environment for the default database."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.postgresql":
        raise CommandError("Backups are made of a PostgreSQL database (set DATABASE_URL).")
    options = ["--dbname", database["NAME"]]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if database.get(key):
            options += [flag, str(database[key])]
    environment = {**os.environ}
    if database.get("PASSWORD"):
        environment["PGPASSWORD"] = database["PASSWORD"]
    return options, environment


def media_root() -> Path:
    return Path(settings.MEDIA_ROOT)
