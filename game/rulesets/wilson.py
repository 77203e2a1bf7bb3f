"""The Wilson score interval of a proportion: unlike the normal approximation it stays inside
0..1 and means something for the handful of games a setup has been played."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rate:
    wins: int
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def wilson(wins: int, games: int, z: float = Z95) -> Rate:
    """`wins` of `games` with its 95% interval; (0, 1) for no games."""
    if games <= 0:
        return Rate(0, 0, 0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # The bounds hold the observed rate exactly, whatever the floating-point rounding.
    return Rate(wins, games, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))
