"""The minimal correct vote's server: the app's database and models, no middleware, one view
(bench/minimal_urls.py)."""

from bench.settings import DATABASES  # noqa: F401 (the app's database, as the benchmark sets it)

DEBUG = False
SECRET_KEY = "bench-only-minimal-vote"  # noqa: S105 (never used for anything secret)
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "bench.minimal_urls"
MIDDLEWARE: list[str] = []
INSTALLED_APPS = ["django.contrib.contenttypes", "django.contrib.auth", "game"]
AUTH_USER_MODEL = "game.User"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
