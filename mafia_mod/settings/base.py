"""Settings shared by every environment, read from the environment with django-environ."""

from pathlib import Path

import environ
from csp.constants import NONCE, NONE, SELF, UNSAFE_INLINE

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"

env = environ.Env()

SECRET_KEY = env("SECRET_KEY", default="insecure-local-development-key-change-me")
DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
# Addresses or networks of the reverse proxy: only requests from them have their X-Real-IP and
# X-Forwarded-Proto believed (mafia_mod.proxy). Empty: no proxy, the socket's peer is the client.
TRUSTED_PROXIES = env.list("TRUSTED_PROXIES", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",
    "allauth",
    "allauth.account",
    "django_htmx",
    "csp",
    "django_celery_beat",
    "ninja",
    "game",
    "forums",
    "live",
]

MIDDLEWARE = [
    # Pages compressed (Django's gzip adds its BREACH mitigation); static files come compressed.
    "django.middleware.gzip.GZipMiddleware",
    "mafia_mod.proxy.TrustedProxyMiddleware",
    # A body over the limits below is answered 413 before anything reads it.
    "mafia_mod.body_limits.BodyLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "mafia_mod.csp.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Text PostgreSQL cannot store (NUL, lone surrogates) is refused here, for every form and API.
    "mafia_mod.text_input.UnstorableTextMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A game answers 404 for a page its rule set does not serve (game.rulesets.pages).
    "game.middleware.GamePageMiddleware",
    # A replaced player's pages of the game tell them so rather than "not found".
    "forums.views.replaced.ReplacedPlayerMiddleware",
]

# Request bodies (mafia_mod.body_limits): an upload (a sign-up photo) up to 10 MB, the same as
# nginx's client_max_body_size (deploy/nginx); other bodies, read into memory, up to 2.5 MB.
REQUEST_BODY_MAX_BYTES = 10 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

ROOT_URLCONF = "mafia_mod.urls"
FORM_RENDERER = "mafia_mod.forms.FormRenderer"
WSGI_APPLICATION = "mafia_mod.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "csp.context_processors.nonce",
                "mafia_mod.context_processors.email_delivery",
            ],
            "builtins": ["game.templatetags.game_access"],
        },
    },
]

# Scripts run only from our own files and only from <script> tags that carry the request's
# nonce: no inline script or event handler runs, whatever a page shows (confirmations are
# data-confirm attributes read by static/js/confirm.js). Styles keep 'unsafe-inline' for the
# style attributes of the tally bars and htmx's indicator styles.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'mafia_mod.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL and IMMEDIATE transactions let the web server, worker and beat share one SQLite file
    # without "database is locked" errors on lock upgrades.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 30,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
else:
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "game.User"

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]


def redis_cache(url: str) -> dict:
    """A cache on Redis that degrades to misses while Redis is away (mafia_mod/cache.py), with
    short timeouts, so that an unreachable Redis costs a request a fraction of a second."""
    return {
        "BACKEND": "mafia_mod.cache.ResilientRedisCache",
        "LOCATION": url,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }


REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {"default": redis_cache(REDIS_URL)}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# The live channel (live/, README "Live updates"): "redis" (LIVE_REDIS_URL, by default REDIS_URL:
# pub/sub between the processes, production), "database" (a table polled by each web process:
# the embedded default of `make run`), or "" (no channel: pages poll).
LIVE_REDIS_URL = env("LIVE_REDIS_URL", default=REDIS_URL)
LIVE_CHANNEL = env("LIVE_CHANNEL", default="redis" if LIVE_REDIS_URL else "")

# Sessions are read from the cache and written through to the database: a request that needs
# only the session (a thread poll with nothing new) costs no query.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = env("STATIC_ROOT", default=str(BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = env("MEDIA_ROOT", default=str(BASE_DIR / "media"))
# Behind nginx, the internal location that sends media files once the app has checked who may
# see them (X-Accel-Redirect); empty: the app sends them itself.
MEDIA_ACCEL_REDIRECT = env("MEDIA_ACCEL_REDIRECT", default="")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "mafia_mod.storage.HashedStaticFilesStorage"},
}
# Collected files only (`collectstatic` runs in `make run` and the Docker build): hashed names
# are cached for a year (WhiteNoise marks them immutable), so a second visit re-checks nothing.
WHITENOISE_USE_FINDERS = False
WHITENOISE_AUTOREFRESH = False

EMAIL_CONFIG = env.email_url("EMAIL_URL", default="consolemail://")
vars().update(EMAIL_CONFIG)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="mafia-mod <noreply@localhost>")
# The home page repeats the demo game's logins (`make run` turns this on; game.selectors.demo).
DEMO_LOGINS_SHOWN = env.bool("DEMO_LOGINS_SHOWN", default=False)

# The public address of the site, for links in notification emails (e.g. https://mafia.example.com).
SITE_URL = env("SITE_URL", default="").rstrip("/")

# Web Push (VAPID, RFC 8292): the application server's key pair, base64url-encoded (the private
# key's 32 raw bytes; the public key as an uncompressed P-256 point). Without both, push is off:
# nothing is offered on the pages and nothing is sent.
WEBPUSH_VAPID_PRIVATE_KEY = env("WEBPUSH_VAPID_PRIVATE_KEY", default="")
WEBPUSH_VAPID_PUBLIC_KEY = env("WEBPUSH_VAPID_PUBLIC_KEY", default="")
WEBPUSH_VAPID_SUBJECT = env("WEBPUSH_VAPID_SUBJECT", default="mailto:noreply@localhost")
# The push services a browser's subscription may name (Chrome, Firefox, Safari, Edge); a leading
# dot allows the domain's subdomains. Any other endpoint is refused, and a listed name that
# resolves to a loopback, private or link-local address is not sent to (no SSRF).
WEBPUSH_PUSH_SERVICE_HOSTS = env.list(
    "WEBPUSH_PUSH_SERVICE_HOSTS",
    default=[
        "fcm.googleapis.com",
        "updates.push.services.mozilla.com",
        ".push.apple.com",
        ".notify.windows.com",
    ],
)

LOGIN_REDIRECT_URL = "home"
LOGIN_URL = "account_login"

# django-allauth: sign up with a verified email, log in with email or username (R50 needs
# real accounts: every page is personal).
ACCOUNT_ADAPTER = "game.accounts.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"email", "username"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
# Failed logins are limited per (username, address) pair by the adapter, so that players behind
# one campus network address cannot lock each other out; the address limit is only a brake.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "60/m/ip,5/5m/key",
}

# The clock that orders a game (a vote's day and its moment, what is due, a day's end):
# "database" (PostgreSQL's clock_timestamp(), one clock for every web host and worker) or
# "process" (this process's clock; SQLite always uses it, being in the process).
GAME_CLOCK = env("GAME_CLOCK", default="database")

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=REDIS_URL or "redis://127.0.0.1:6379/0")
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BEAT_SCHEDULE = {
    "process-due-events": {
        "task": "game.tasks.process_due_events",
        "schedule": 30.0,
        "options": {"expires": 25},
    },
}

NINJA_PAGINATION_PER_PAGE = 50

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}
