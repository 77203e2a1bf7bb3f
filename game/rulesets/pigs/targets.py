"""Jumping, hostility and the choice of targets (§8), and when a card is usable (§5)."""

from __future__ import annotations

from game.rulesets.pigs.cards import (
    CROSSBOW,
    DUEL,
    INVASION,
    LOYAL,
    MASTER,
    MAX_HP,
    PEACH,
    REBEL,
    SLASH,
    VOLLEY,
)
from game.rulesets.pigs.events import JUMP
from game.rulesets.pigs.state import Table


def jump(table: Table, pig: int) -> None:
    """§8: a hidden pig that shows loyalty or hostility becomes publicly known for good, and the
    Master drops any like-rebel suspicion of it."""
    if not table.known[pig]:
        table.known[pig] = True
        table.like_rebel[pig] = False
        table.emit(JUMP, pig)


def is_enemy(table: Table, actor: int, pig: int) -> bool:
    """§8, by the actor's real role: the MP attacks like-rebels and jumped FPs, a ZP jumped FPs
    only, an FP the MP and jumped ZPs."""
    role, known = table.roles[pig], table.known[pig]
    actor_role = table.roles[actor]
    if actor_role == MASTER:
        return table.like_rebel[pig] or (known and role == REBEL)
    if actor_role == LOYAL:
        return known and role == REBEL
    return role == MASTER or (known and role == LOYAL)


def slash_target(table: Table, pig: int) -> int | None:
    """§5: a Slash reaches the next living pig only, crossbow or not, and only if it is an enemy."""
    target = table.next_alive(pig)
    return target if target != pig and is_enemy(table, pig, target) else None


def duel_target(table: Table, pig: int) -> int | None:
    """§8: a rebel always duels the MP; the others the first enemy counter-clockwise."""
    if table.roles[pig] == REBEL:
        return 0
    return next((other for other in table.ring(pig + 1) if is_enemy(table, pig, other)), None)


def usable(table: Table, pig: int, card: str, slashed: bool) -> bool:
    """§5: whether the card can be played now in the pig's own play phase."""
    if card == PEACH:
        return table.hp[pig] < MAX_HP
    if card == SLASH:
        return (not slashed or table.crossbow[pig]) and slash_target(table, pig) is not None
    if card == DUEL:
        return duel_target(table, pig) is not None
    return card in (INVASION, VOLLEY, CROSSBOW)


PLAYABLE = (PEACH, SLASH, DUEL, INVASION, VOLLEY, CROSSBOW)


def leftmost_usable(table: Table, pig: int, slashed: bool) -> int | None:
    """§3: the position of the leftmost usable card, or None. Only the kinds the pig holds are
    looked for, so a long hand of Dodges and Nullifies costs nothing."""
    counts, hand = table.counts[pig], table.hands[pig]
    best = None
    for card in PLAYABLE:
        if counts[card] and usable(table, pig, card, slashed):
            position = hand.index(card)
            if best is None or position < best:
                best = position
    return best
