"""Who has won (H9), checked after every death and vote-out, and how the game's end is
announced."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rulesets.base import MAFIA, PlayerStatus
from game.rulesets.hp import texts
from game.rulesets.hp.roles import Role
from game.rulesets.hp.roles.detective import VILLAGE
from game.rulesets.hp.roles.mafia import ROLE as MAFIA_ROLE
from game.rulesets.hp.texts import ALL, Line


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


def closing(seats: Sequence[PlayerStatus], won: str) -> tuple[Line, ...]:
    """H9: "Game Over.", the result, and who was what, in the seed's order of roles (`seats` in
    seat order)."""
    lines = [
        Line(ALL, texts.GAME_OVER),
        Line(ALL, texts.MAFIAS_WON if won == Role.MAFIA else texts.MAFIAS_LOST),
    ]
    for role in (Role.MAFIA, Role.DETECTIVE, Role.HEALER, Role.COMMONER):
        ids = [seat.id for seat in seats if seat.role == role]
        if ids:
            lines.append(Line(ALL, texts.reveal(role, ids)))
    return tuple(lines)


def game_over(won: str, seats: Sequence[PlayerStatus], number: int) -> tuple[Line, ...]:
    """How the game's end is announced (H9): the round ends ("--End of Round N--"), then the
    closing list, whether a death at dawn or a vote-out ended it."""
    return (Line(ALL, texts.end_of_round(number)), *closing(seats, won))
