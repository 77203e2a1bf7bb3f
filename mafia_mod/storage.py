"""Static files under hashed names, compressed (WhiteNoise), in `make run` as in production."""

from collections.abc import Iterable, Iterator
from pathlib import Path

from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Hashed URLs under DEBUG too (Django's manifest storage hands out plain names then), so
    `make run` serves what production serves: files cached for a year. Only the app's own files
    (what a player's phone downloads) are compressed: compressing the admin's and the API docs'
    megabytes with Brotli would add a minute and a half to every `collectstatic`."""

    def url(self, name: str | None, force: bool = False) -> str:
        return super().url(name, force=True)

    def compress_files(self, paths: Iterable[str]) -> Iterator[tuple[str, str]]:
        own = tuple(
            f"{entry.name}/"
            for folder in settings.STATICFILES_DIRS
            for entry in Path(folder).iterdir()
        )
        return super().compress_files([path for path in paths if path.startswith(own)])
