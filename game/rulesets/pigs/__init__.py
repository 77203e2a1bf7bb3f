"""The pig game (seed 003, RULINGS P1-P6): "King of Pig Kill" (SDOI 2010) simulated exactly.

Nobody decides anything (P2): a deal (roles, hands, deck) decides the whole game. `deal.py` reads
and writes the original's input (§1), `game.py` plays it, `output.py` writes the original's
output (§2) and `events.py` tells the story in plain words."""

from game.rulesets.pigs.deal import (
    Deal,
    DealError,
    deal_code,
    deal_from_code,
    deal_parse,
    deal_random,
    deal_text,
)
from game.rulesets.pigs.game import Result, simulate
from game.rulesets.pigs.output import original_output

__all__ = [
    "Deal",
    "DealError",
    "Result",
    "deal_code",
    "deal_from_code",
    "deal_parse",
    "deal_random",
    "deal_text",
    "original_output",
    "simulate",
]
