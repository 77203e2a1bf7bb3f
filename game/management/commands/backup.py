"""`manage.py backup DIRECTORY`: the database (pg_dump's custom format, one consistent snapshot
even while games run) and the uploaded photos (MEDIA_ROOT as a tar.gz), so that `restore` brings
back every game as it was. docs/operations.md says when and how."""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ._backups import (
    DATABASE_FILE,
    MEDIA_FILE,
    PG_DUMP,
    media_root,
    postgres_arguments,
)


class Command(BaseCommand):
    help = "Back up the database and the uploaded media into a directory."

    def add_arguments(self, parser) -> None:
        parser.add_argument("directory", type=Path)

    def handle(self, *args, directory: Path, **options) -> None:
        connection, environment = postgres_arguments()
        directory.mkdir(parents=True, exist_ok=True)
        dump = directory / DATABASE_FILE
        result = subprocess.run(  # noqa: S603 (our own settings' database, no user input)
            [PG_DUMP, "--format=custom", "--no-owner", "--file", str(dump), *connection],
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            raise CommandError(f"pg_dump failed: {result.stderr.strip()}")
        media = media_root()
        with tarfile.open(directory / MEDIA_FILE, "w:gz") as archive:
            if media.is_dir():
                archive.add(media, arcname=".")
        self.stdout.write(f"Backed up the database and {media} into {directory}.")
