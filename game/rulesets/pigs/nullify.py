"""The Nullify chain (§6.4)."""

from __future__ import annotations

from game.rulesets.pigs.cards import MASTER, NULLIFY, REBEL, side_of
from game.rulesets.pigs.events import CANCEL, NULLIFIED
from game.rulesets.pigs.events import NULLIFY as NULLIFY_PLAYED
from game.rulesets.pigs.state import Table
from game.rulesets.pigs.targets import jump


def _first_with_nullify(table: Table, start: int, side: str) -> int | None:
    return next(
        (
            pig
            for pig in table.ring(start)
            if side_of(table.roles[pig]) == side and table.has(pig, NULLIFY)
        ),
        None,
    )


def nullified(table: Table, user: int, target: int, trick: str) -> bool:
    """§6.4: whether the trick `user` plays is cancelled for `target`. Nobody helps a hidden
    target. Otherwise its real side answers first, from the user counter-clockwise; then the two
    sides take turns cancelling the last Nullify, each from the pig that played it. Every pig that
    plays one jumps. The trick is cancelled if the last Nullify came from the target's side."""
    if not table.known[target]:
        return False
    helping = side_of(table.roles[target])
    side, start, last = helping, user, None
    while (pig := _first_with_nullify(table, start, side)) is not None:
        table.discard(pig, NULLIFY)
        if last is None:
            table.emit(NULLIFY_PLAYED, pig, target, trick)
        else:
            table.emit(CANCEL, pig, last)
        jump(table, pig)
        last, start = pig, pig
        side = MASTER if side == REBEL else REBEL
    cancelled = last is not None and side_of(table.roles[last]) == helping
    if cancelled:
        table.emit(NULLIFIED, target, user, trick)
    return cancelled
