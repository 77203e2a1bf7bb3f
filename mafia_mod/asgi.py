import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafia_mod.settings.production")

django_application = get_asgi_application()

from live.routing import with_streams  # noqa: E402 (after Django is set up)

application = with_streams(django_application)
