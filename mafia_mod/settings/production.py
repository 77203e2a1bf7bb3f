"""Production (docker-compose.yml): every secret and address comes from the environment."""

from .base import *  # noqa: F403
from .base import env, redis_cache

DEBUG = False
SECRET_KEY = env("SECRET_KEY")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS")
# One cache for every process: login limits, sessions and the thread polls' counters
# (forums.services.thread_polls) are shared by all web workers.
REDIS_URL = env("REDIS_URL")
CACHES = {"default": redis_cache(REDIS_URL)}
LIVE_REDIS_URL = env("LIVE_REDIS_URL", default=REDIS_URL)
LIVE_CHANNEL = env("LIVE_CHANNEL", default="redis")
MEDIA_ACCEL_REDIRECT = env("MEDIA_ACCEL_REDIRECT", default="/protected-media/")

SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
