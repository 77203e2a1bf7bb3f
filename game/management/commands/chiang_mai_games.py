"""Plays all-computer Chiang Mai games by the rules (M1-M11, the default deck of M1) and prints
the Killers' win ratio at 7, 10 and 12 players: the figures of the rule set's balance."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from game.rulesets.chiang_mai.play import killers_win_ratio

SIZES = (7, 10, 12)


class Command(BaseCommand):
    help = "Play all-computer Chiang Mai games and print the Killers' win ratio at 7, 10 and 12."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=1000, help="Games per table size.")
        parser.add_argument("--seed", default="killers", help="The seed the games are drawn from.")

    def handle(self, *args: Any, **options: Any) -> None:
        games = options["games"]
        if games < 1:
            self.stderr.write("--games must be at least 1.")
            return
        self.stdout.write(f"Chiang Mai, {games} all-computer games per size, the default deck:")
        for players in SIZES:
            ratio = killers_win_ratio(players, games, options["seed"])
            self.stdout.write(f"{players:>3} players: the Killers win {ratio:.1%}")
