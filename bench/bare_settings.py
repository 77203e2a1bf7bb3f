"""The baseline: a one-line Django view with no middleware, no apps and no database."""

DEBUG = False
SECRET_KEY = "bench-only-bare-view"  # noqa: S105 (never used for anything secret)
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "bench.bare_urls"
MIDDLEWARE: list[str] = []
INSTALLED_APPS: list[str] = []
DATABASES: dict = {}
USE_TZ = True
