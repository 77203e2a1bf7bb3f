"""Static files under hashed names, compressed (WhiteNoise), in `make run` as in production."""

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile, File
from whitenoise.storage import CompressedManifestStaticFilesStorage

COMMENTS = {
    ".js": re.compile(rb"^[ \t]*//[^\n]*\n", re.MULTILINE),
    ".css": re.compile(rb"/\*.*?\*/\n?", re.DOTALL),
}
"""The comments a file of the app's own carries for its readers: whole `//` lines in a script,
every `/* */` in a stylesheet."""


def _own_folders() -> tuple[str, ...]:
    """The folders of the app's own files (`static/`), as collected paths begin."""
    return tuple(
        f"{entry.name}/" for folder in settings.STATICFILES_DIRS for entry in Path(folder).iterdir()
    )


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Hashed URLs under DEBUG too (Django's manifest storage hands out plain names then), so
    `make run` serves what production serves: files cached for a year. Only the app's own files
    (what a player's phone downloads) are compressed: compressing the admin's and the API docs'
    megabytes with Brotli would add a minute and a half to every `collectstatic`. They are
    served without their comments, which are for the sources' readers: a kilobyte of a first
    visit's 25 KB."""

    def url(self, name: str | None, force: bool = False) -> str:
        return super().url(name, force=True)

    def _save(self, name: str, content: File) -> str:
        comments = COMMENTS.get(Path(name).suffix)
        if comments and not name.endswith(".min.js") and name.startswith(_own_folders()):
            chunks = [c.encode() if isinstance(c, str) else c for c in content.chunks()]
            content = ContentFile(comments.sub(b"", b"".join(chunks)))
        return super()._save(name, content)

    def compress_files(self, paths: Iterable[str]) -> Iterator[tuple[str, str]]:
        own = _own_folders()
        return super().compress_files([path for path in paths if path.startswith(own)])
