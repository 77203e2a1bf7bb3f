"""`manage.py restore DIRECTORY`: puts back what `backup` wrote, the database (its tables
replaced) and the uploaded photos. Stop the web, worker and beat first (docs/operations.md)."""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from ._backups import (
    DATABASE_FILE,
    MEDIA_FILE,
    PG_RESTORE,
    media_root,
    postgres_arguments,
)


class Command(BaseCommand):
    help = "Restore the database and the uploaded media from a directory made by `backup`."

    def add_arguments(self, parser) -> None:
        parser.add_argument("directory", type=Path)

    def handle(self, *args, directory: Path, **options) -> None:
        dump, archive_path = directory / DATABASE_FILE, directory / MEDIA_FILE
        if not dump.is_file() or not archive_path.is_file():
            raise CommandError(f"{directory} holds no backup ({DATABASE_FILE}, {MEDIA_FILE}).")
        connection, environment = postgres_arguments()
        # Our own connection would hold locks on the tables pg_restore replaces.
        connections.close_all()
        result = subprocess.run(  # noqa: S603 (our own settings' database, no user input)
            [
                PG_RESTORE,
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                "--exit-on-error",
                *connection,
                str(dump),
            ],
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            raise CommandError(f"pg_restore failed: {result.stderr.strip()}")
        media = media_root()
        media.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive_path, "r:gz") as archive:
            archive.extractall(media, filter="data")
        self.stdout.write(f"Restored the database and {media} from {directory}.")
