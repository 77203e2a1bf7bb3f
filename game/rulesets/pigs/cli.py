"""The pig game on the command line, without Django: the original's input on standard input,
its output (§1, §2), or with `--events` the game's story in plain words (P1, P2)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import TextIO

from game.rulesets.pigs.deal import DealError, deal_parse
from game.rulesets.pigs.events import TURN
from game.rulesets.pigs.game import Result, simulate
from game.rulesets.pigs.output import original_output
from game.rulesets.pigs.words import describe

DESCRIPTION = (
    "Read a pig game's deal in the original's input format (seed 003, §1) from standard input "
    "and print the original's output (§2); with --events, the game's story instead."
)


def story_lines(result: Result) -> Iterator[str]:
    """Every event in plain words, one a line, each turn under its number."""
    turn = 0
    for event in result.events:
        if event.kind == TURN:
            turn += 1
            yield f"\nTurn {turn}"
        yield describe(event, result.deal.roles)


def run(text: str, out: TextIO, *, events: bool = False) -> None:
    """Raises DealError, with the reason, for a deal the original's input does not allow."""
    result = simulate(deal_parse(text))
    if events:
        out.writelines(line + "\n" for line in story_lines(result))
    else:
        out.write(original_output(result))


def main(argv: list[str] | None = None) -> int:
    """The command: exit status 0, or 1 with the reason on standard error for a bad deal."""
    parser = argparse.ArgumentParser(prog="python -m game.rulesets.pigs", description=DESCRIPTION)
    parser.add_argument(
        "--events", action="store_true", help="Print every event in plain words, one a line."
    )
    options = parser.parse_args(argv)
    try:
        run(sys.stdin.read(), sys.stdout, events=options.events)
    except DealError as error:
        print(f"pigs: {error}", file=sys.stderr)
        return 1
    return 0
