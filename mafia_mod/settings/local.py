"""`make run`: SQLite and an embedded file-system broker, so nothing but Python is needed."""

from .base import *  # noqa: F403
from .base import VAR_DIR, env

DEBUG = env.bool("DEBUG", default=True)

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
