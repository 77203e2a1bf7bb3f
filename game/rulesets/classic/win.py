"""Who has won (C6), checked after every death; the dead share their side's win."""

from __future__ import annotations

from collections.abc import Iterable

from game.rulesets.base import MAFIA, PlayerStatus
from game.rulesets.classic.roles.cop import VILLAGE
from game.rulesets.classic.roles.mafioso import ROLE as MAFIOSO


def winner(players: Iterable[PlayerStatus]) -> str | None:
    """C6: no mafioso alive, the village wins; the village no longer outnumbers the mafia, the
    mafia win. The winner is a side, so its dead members win with it."""
    living = [p for p in players if p.alive]
    mafia = sum(1 for p in living if p.role == MAFIOSO.code)
    if mafia == 0:
        return VILLAGE
    if len(living) - mafia <= mafia:
        return MAFIA
    return None
