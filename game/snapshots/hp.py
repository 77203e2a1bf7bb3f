"""HP players as the rules see them: each player's HP is kept exactly in `Player.state["hp"]`
as a fraction's text ("6500/3", H5)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from game.models import Player
from game.rulesets.hp.choices import Seat, Table

HP_KEY = "hp"


def hp_of(player: Player) -> Fraction:
    return Fraction(player.state.get(HP_KEY, "0"))


def hp_state(hp: Fraction) -> dict[str, str]:
    return {HP_KEY: str(hp)}


def table_of(players: Iterable[Player]) -> Table:
    """The players in seat order (C9), with their HP."""
    return tuple(
        Seat(p.pk, p.name, p.role, hp_of(p), p.alive)
        for p in sorted(players, key=lambda p: (p.seat or 0, p.pk))
    )
