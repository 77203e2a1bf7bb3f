"""`manage.py pigs < deal.txt`: the pig game (seed 003) as the original runs it (P1, P2); the
same as `python -m game.rulesets.pigs`, which starts no Django."""

import sys

from django.core.management.base import BaseCommand, CommandError

from game.rulesets.pigs import DealError
from game.rulesets.pigs.cli import DESCRIPTION, run


class Command(BaseCommand):
    help = DESCRIPTION

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--events", action="store_true", help="Print every event in plain words, one a line."
        )

    def handle(self, *args, **options) -> None:
        try:
            run(sys.stdin.read(), self.stdout, events=options["events"])
        except DealError as error:
            raise CommandError(str(error)) from error
