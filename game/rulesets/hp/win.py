"""Who has won (H9), checked after every death and vote-out."""

from __future__ import annotations

from collections.abc import Iterable

from game.rulesets.base import MAFIA, PlayerStatus
from game.rulesets.hp.roles.detective import VILLAGE
from game.rulesets.hp.roles.mafia import ROLE as MAFIA_ROLE


def winner(players: Iterable[PlayerStatus]) -> str | None:
    """H9: no mafia alive, the mafias have lost; the living mafias at least as many as the other
    living players (the seed's 1:1), the mafias have won."""
    living = [p for p in players if p.alive]
    mafias = sum(1 for p in living if p.role == MAFIA_ROLE.code)
    if mafias == 0:
        return VILLAGE
    if mafias >= len(living) - mafias:
        return MAFIA
    return None
