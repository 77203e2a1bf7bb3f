"""The HP deal (H1): at least 5 players; ⌊n/5⌋ mafias, ⌊n/5⌋ detectives, max(1, ⌊n/10⌋)
healers, the rest commoners; the moderators may change the counts before the deal."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rulesets.ruleset import Ruleset, fitting_deal
from game.rulesets.setup import RoleDeal, Setup, SetupError

MIN_PLAYERS = 5
MAX_SOLO_PLAYERS = 20
"""The seed's program asks for any number; a solo game offers 5-20 so that a round fits a
phone's screen (a choice of the app, no ruling)."""


def counts_for(players: int) -> dict[str, int]:
    """H1: ⌊n/5⌋ mafias, ⌊n/5⌋ detectives, max(1, ⌊n/10⌋) healers."""
    return {"mafia": players // 5, "detective": players // 5, "healer": max(1, players // 10)}


def deal(ruleset: Ruleset, player_ids: Sequence[int], setup: Setup, rng: random.Random) -> RoleDeal:
    """H1: no game of fewer than 5 players, and at least one mafia; then the setup's counts."""
    if len(player_ids) < MIN_PLAYERS:
        raise SetupError(
            f"An HP game needs at least {MIN_PLAYERS} players; {len(player_ids)} signed up."
        )
    if setup.roles.get("mafia", 0) < 1:
        raise SetupError("An HP game needs at least one mafia.")
    return fitting_deal(ruleset, player_ids, setup, rng)


def deal_with_choice(
    ruleset: Ruleset, player_ids: Sequence[int], chosen: dict[int, str], rng: random.Random
) -> dict[int, str]:
    """The seed's solo deal: the person at `chosen`'s seat takes the role they chose ("Choose a
    Character"), the others are dealt the rest of the H1 counts at random (C8)."""
    counts = counts_for(len(player_ids))
    setup = Setup(counts, {})
    roles = dict(deal(ruleset, player_ids, setup, rng).roles)
    for player_id, role in chosen.items():
        if roles[player_id] == role:
            continue
        swap = next(pid for pid in sorted(roles) if roles[pid] == role and pid not in chosen)
        roles[swap], roles[player_id] = roles[player_id], role
    return roles
