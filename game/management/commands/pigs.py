"""`manage.py pigs < deal.txt`: the pig game (seed 003) as the original runs it (P1, P2)."""

import sys

from django.core.management.base import BaseCommand, CommandError

from game.rulesets.pigs import DealError, deal_parse, original_output, simulate
from game.rulesets.pigs.events import TURN, describe


class Command(BaseCommand):
    help = (
        "Read a pig game's deal in the original's input format (seed 003, §1) from standard "
        "input and print the original's output (§2); with --events, the game's story instead."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--events", action="store_true", help="Print every event in plain words, one a line."
        )

    def handle(self, *args, **options) -> None:
        try:
            deal = deal_parse(sys.stdin.read())
        except DealError as error:
            raise CommandError(str(error)) from error
        result = simulate(deal)
        if not options["events"]:
            self.stdout.write(original_output(result), ending="")
            return
        turn = 0
        for event in result.events:
            if event.kind == TURN:
                turn += 1
                self.stdout.write(f"\nTurn {turn}")
            self.stdout.write(describe(event, deal.roles))
