"""The seed-002 bots of this repository (C10), by the name their players take, and how a game of
`make bots` seats them: each program's folder, which `make bots` runs as the seed's controller
runs it, and its `respond`, which the balance estimate's games in memory call
(game/rulesets/classic/bot_table.py)."""

import random
from collections.abc import Callable, Sequence

from bots.cautious_mafioso import cautious_mafioso
from bots.cop_follower import cop_follower
from bots.randy import randy
from bots.runner import BOT_PROGRAMS

Respond = Callable[[dict, list[str], str, str, random.Random], str]

FOLDERS = {
    "Randy": BOT_PROGRAMS / "randy",
    "CopFollower": BOT_PROGRAMS / "cop_follower",
    "CautiousMafioso": BOT_PROGRAMS / "cautious_mafioso",
}
RESPONDERS: dict[str, Respond] = {
    "Randy": randy.respond,
    "CopFollower": cop_follower.respond,
    "CautiousMafioso": cautious_mafioso.respond,
}
SEATS = 8
# Runs of each bot a day, the dawn's included; the seed allows up to 50 actions.
DEFAULT_ROUNDS = 3
# Night and day turns end this many phases in; a game that is still running is a draw.
MAX_PHASES = 60


def seating(
    game_index: int,
    rng: random.Random,
    programs: Sequence[str] = tuple(FOLDERS),
    seats: int = SEATS,
) -> list[tuple[str, str]]:
    """(program, player name) for the seats (8 in a classic game unless told): the programs in
    turn from a place that moves each game, so that each plays about as often; names are the
    program's with a number, protocol names (C10)."""
    chosen = [programs[(game_index + seat) % len(programs)] for seat in range(seats)]
    rng.shuffle(chosen)
    numbered: dict[str, int] = {}
    named = []
    for program in chosen:
        numbered[program] = numbered.get(program, 0) + 1
        named.append((program, f"{program}{numbered[program]}"))
    return named
