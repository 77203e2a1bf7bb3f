"""Damage, dying and death (§6.5), rewards, penalties and the end of the game (§7, P3, P5)."""

from __future__ import annotations

from game.rulesets.pigs.cards import LOYAL, MASTER, PEACH, REBEL
from game.rulesets.pigs.events import DAMAGE, DEATH, END, PENALTY, REWARD, SAVE
from game.rulesets.pigs.state import Decided, Table

REWARD_CARDS = 3


def finish(table: Table, winner: str) -> None:
    """§7, P5: the game stops here, whatever was under way."""
    table.emit(END, -1, cards=winner)
    raise Decided(winner)


def hurt(table: Table, pig: int, source: int) -> None:
    """§6.5: 1 damage; a pig at 0 HP eats its leftmost Peaches until it is at 1 HP, on its own
    turn too (P3), or dies."""
    table.hp[pig] -= 1
    table.emit(DAMAGE, pig, source, hp=table.hp[pig])
    while table.hp[pig] <= 0 and table.discard(pig, PEACH):
        table.hp[pig] += 1
        table.emit(SAVE, pig, hp=table.hp[pig])
    if table.hp[pig] <= 0:
        die(table, pig, source)


def die(table: Table, pig: int, source: int) -> None:
    """§6.5, §7: the dead pig's cards leave the game; the end is checked first (P5); then the
    killer of an FP draws 3 cards, and an MP that killed a ZP loses its hand and crossbow."""
    table.alive[pig] = False
    table.discard_all(pig)
    table.emit(DEATH, pig, source)
    role = table.roles[pig]
    if role == MASTER:
        finish(table, REBEL)
    if role == REBEL:
        table.rebels -= 1
        if not table.rebels:
            finish(table, MASTER)
        table.emit(REWARD, source, pig, table.draw(source, REWARD_CARDS))
    elif role == LOYAL and table.roles[source] == MASTER:
        table.discard_all(source)
        table.emit(PENALTY, source, pig)
