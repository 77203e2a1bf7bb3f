"""The classic set-up (C7): at least 6 players, one third of them rounded down mafia, one cop,
one doctor, the rest villagers; the moderators may change the counts before the deal."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rulesets.ruleset import Ruleset, fitting_deal
from game.rulesets.setup import RoleDeal, Setup, SetupError

MIN_PLAYERS = 6


def counts_for(players: int) -> dict[str, int]:
    """C7: one third rounded down are mafia, one cop, one doctor."""
    return {"mafioso": players // 3, "cop": 1, "doctor": 1}


def deal(ruleset: Ruleset, player_ids: Sequence[int], setup: Setup, rng: random.Random) -> RoleDeal:
    """C7: no game of fewer than 6 players, and at least one mafioso; then the setup's counts."""
    if len(player_ids) < MIN_PLAYERS:
        raise SetupError(
            f"A classic game needs at least {MIN_PLAYERS} players; {len(player_ids)} signed up."
        )
    if setup.roles.get("mafioso", 0) < 1:
        raise SetupError("A classic game needs at least one mafioso.")
    return fitting_deal(ruleset, player_ids, setup, rng)
