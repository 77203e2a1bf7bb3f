"""Statistics of a game and of a setup. The forums register what the game may not import of
them: when each player posted (`POST_TIMES`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable

from game.models import Game

# Readers of (player id, when) for every post of a game's players.
POST_TIMES: list[Callable[[Game], Iterable[tuple[int, dt.datetime]]]] = []
