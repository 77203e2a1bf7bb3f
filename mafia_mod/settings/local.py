"""`make run`: SQLite and an embedded file-system broker, so nothing but Python is needed."""

from .base import *  # noqa: F403
from .base import LIVE_REDIS_URL, VAR_DIR, env

DEBUG = env.bool("DEBUG", default=True)
DEMO_LOGINS_SHOWN = env.bool("DEMO_LOGINS_SHOWN", default=True)

# A key pair for `make run` only, so that push can be tried on the demo; production takes its own
# from the environment (README, "Environment variables").
WEBPUSH_VAPID_PRIVATE_KEY = env(
    "WEBPUSH_VAPID_PRIVATE_KEY", default="oophrSdD39kI51Kk9yMhFZqHKUTs15sV5QSg33GLKQw"
)
WEBPUSH_VAPID_PUBLIC_KEY = env(
    "WEBPUSH_VAPID_PUBLIC_KEY",
    default="BNQgq4hmqgM9b6zJNMqqMG3kwRjE9WdHKEbytkkQnXlQ0slIXEIIEdfRqFjQ1It7u-323bIYCrKOvMBAeLAF5pE",
)

# Live pages with nothing to install: the embedded channel, a table each web process polls
# (README, "Live updates"); LIVE_REDIS_URL (or REDIS_URL) chooses Redis instead.
LIVE_CHANNEL = env("LIVE_CHANNEL", default="redis" if LIVE_REDIS_URL else "database")

BROKER_DIR = VAR_DIR / "broker"
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="filesystem://")
if CELERY_BROKER_URL == "filesystem://":
    for folder in ("queue", "processed", "control"):
        (BROKER_DIR / folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "store_processed": False,
        "control_folder": str(BROKER_DIR / "control"),
    }
