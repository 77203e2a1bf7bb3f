import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from game.selectors.health import system_health


class Command(BaseCommand):
    help = "Print what /healthz reports (database, broker, periodic job); fail when unhealthy."

    def handle(self, *args, **options) -> None:
        health = system_health(now=timezone.now())
        self.stdout.write(json.dumps(health.as_dict()))
        if not health.ok:
            raise CommandError("unhealthy")
