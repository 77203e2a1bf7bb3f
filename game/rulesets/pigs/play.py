"""Playing a card in one's own play phase (§5) and resolving it (§6.1-§6.3)."""

from __future__ import annotations

from game.rulesets.pigs.cards import (
    AREA_RESPONSE,
    CROSSBOW,
    DODGE,
    DUEL,
    LOYAL,
    MASTER,
    PEACH,
    SLASH,
)
from game.rulesets.pigs.damage import hurt
from game.rulesets.pigs.events import (
    AREA,
    DUEL_REFUSE,
    DUEL_SLASH,
    LIKE_REBEL,
    RESPOND,
)
from game.rulesets.pigs.events import CROSSBOW as CROSSBOW_EQUIPPED
from game.rulesets.pigs.events import DODGE as DODGED
from game.rulesets.pigs.events import DUEL as DUEL_PLAYED
from game.rulesets.pigs.events import PEACH as PEACH_EATEN
from game.rulesets.pigs.events import SLASH as SLASH_PLAYED
from game.rulesets.pigs.nullify import nullified
from game.rulesets.pigs.state import Table
from game.rulesets.pigs.targets import duel_target, jump, slash_target


def slash(table: Table, pig: int, target: int) -> None:
    """§6.1: the user jumps; the target discards a Dodge or takes 1 damage."""
    table.emit(SLASH_PLAYED, pig, target)
    jump(table, pig)
    if table.discard(target, DODGE):
        table.emit(DODGED, target, pig)
    else:
        hurt(table, target, pig)


def duel(table: Table, pig: int, target: int) -> None:
    """§6.2: the user jumps; a Nullify chain; a Loyal pig the Master duels takes the damage at
    once; otherwise target and user discard Slashes in turn, target first, and the first without
    one takes 1 damage from the other."""
    table.emit(DUEL_PLAYED, pig, target)
    jump(table, pig)
    if nullified(table, pig, target, DUEL):
        return
    if table.roles[pig] == MASTER and table.roles[target] == LOYAL:
        table.emit(DUEL_REFUSE, target, pig)
        hurt(table, target, pig)
        return
    turn, other = target, pig
    while table.discard(turn, SLASH):
        table.emit(DUEL_SLASH, turn, other)
        turn, other = other, turn
    hurt(table, turn, other)


def area(table: Table, pig: int, card: str) -> None:
    """§6.3: every other living pig in turn from the next one: a Nullify chain for it alone, then
    the response card or 1 damage. The Master hurt by a hidden pig's area card marks it a
    like-rebel. Playing it shows neither loyalty nor hostility, so the user does not jump."""
    table.emit(AREA, pig, cards=card)
    response = AREA_RESPONSE[card]
    for target in list(table.ring(pig + 1)):
        if target == pig or nullified(table, pig, target, card):
            continue
        if table.discard(target, response):
            table.emit(RESPOND, target, pig, response)
            continue
        hurt(table, target, pig)
        if table.roles[target] == MASTER and not table.known[pig] and not table.like_rebel[pig]:
            table.like_rebel[pig] = True
            table.emit(LIKE_REBEL, pig, target)


def play(table: Table, pig: int, card: str, position: int) -> None:
    """Takes the card at `position` out of the hand and plays it (§5)."""
    del table.hands[pig][position]
    table.counts[pig][card] -= 1
    if card == PEACH:
        table.hp[pig] += 1
        table.emit(PEACH_EATEN, pig, hp=table.hp[pig])
    elif card == CROSSBOW:
        # A new crossbow replaces the old one, which leaves the game (§5).
        table.crossbow[pig] = True
        table.emit(CROSSBOW_EQUIPPED, pig)
    elif card == SLASH:
        slash(table, pig, slash_target(table, pig))
    elif card == DUEL:
        duel(table, pig, duel_target(table, pig))
    else:
        area(table, pig, card)
