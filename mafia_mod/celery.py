"""The Celery app: configuration comes from Django settings under the CELERY_ namespace."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafia_mod.settings.local")

app = Celery("mafia_mod")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
