"""A whole pig game: turns in order until the game is decided (§3, §7) or found endless (P6)."""

from __future__ import annotations

from typing import NamedTuple

from game.rulesets.pigs.cards import MASTER, MAX_TURNS, SLASH
from game.rulesets.pigs.damage import finish
from game.rulesets.pigs.deal import Deal
from game.rulesets.pigs.events import ENDLESS, TURN, Event
from game.rulesets.pigs.play import play
from game.rulesets.pigs.state import Decided, Table
from game.rulesets.pigs.targets import leftmost_usable

DRAW_CARDS = 2


class Result(NamedTuple):
    """The winner (MP or FP; None when endless, P6), each pig's final hand (None if dead), every
    event in order, and, when watched, the table at the start and after every event."""

    deal: Deal
    winner: str | None
    hands: tuple[str | None, ...]
    events: tuple[Event, ...]
    turns: int
    start: tuple
    states: tuple[tuple, ...]


def play_turn(table: Table, pig: int) -> None:
    """§3: the turn begins with a draw of 2 cards; then the pig plays its leftmost usable card
    again and again, rescanning from the left after every play (§3, P4), until none is usable or the
    pig dies."""
    table.emit(TURN, pig, cards=table.draw(pig, DRAW_CARDS))
    slashed = False
    while table.alive[pig]:
        position = leftmost_usable(table, pig, slashed)
        if position is None:
            return
        card = table.hands[pig][position]
        slashed = slashed or card == SLASH
        play(table, pig, card, position)


def simulate(deal: Deal, watch: int = 0, max_turns: int = MAX_TURNS) -> Result:
    """Plays the deal to its end (P2). A deal without a Rebel is won by the Master at once."""
    table = Table(deal, watch)
    start = table.snapshot()
    winner, turns, pig = None, 0, 0
    try:
        if not table.rebels:
            finish(table, MASTER)
        while turns < max_turns:
            if table.alive[pig]:
                turns += 1
                play_turn(table, pig)
            pig = (pig + 1) % table.n
        table.emit(ENDLESS, -1, hp=turns)
    except Decided as decided:
        winner = decided.winner
    hands = tuple(
        "".join(hand) if alive else None
        for hand, alive in zip(table.hands, table.alive, strict=True)
    )
    return Result(deal, winner, hands, tuple(table.events), turns, start, tuple(table.states))
