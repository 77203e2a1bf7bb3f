"""Plays all-computer HP games (H10) by the rules and prints the mafias' win ratio at 5, 10 and 20
players: the figures of the rule set's balance, for its rules page and the closing note."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from game.rulesets.base import MAFIA
from game.rulesets.hp.play import dealt_table, play


def mafia_win_ratio(players: int, games: int, seed: str = "ratio") -> float:
    """The share of `games` seeded all-computer games of `players` that the mafias win."""
    won = sum(
        play(dealt_table(players, f"{seed}-{players}-{n}"), f"{seed}-{players}-{n}").winner == MAFIA
        for n in range(games)
    )
    return won / games


class Command(BaseCommand):
    help = "Play all-computer HP games and print the mafias' win ratio at 5, 10 and 20 players."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=1000, help="Games per table size.")
        parser.add_argument("--seed", default="ratio", help="The seed the games are drawn from.")

    def handle(self, *args: Any, **options: Any) -> None:
        games = options["games"]
        if games < 1:
            self.stderr.write("--games must be at least 1.")
            return
        self.stdout.write(f"HP Mafia, {games} all-computer games per size (H10):")
        for players in (5, 10, 20):
            ratio = mafia_win_ratio(players, games, options["seed"])
            self.stdout.write(f"{players:>3} players: the mafias win {ratio:.1%}")
