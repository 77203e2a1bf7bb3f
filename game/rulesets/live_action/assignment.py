"""Dealing the live-action roles at the start of a game (R26): the setup's counts, Gay Knights in
partnered pairs (one more pair now and then), everyone left a plain townie."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from game.rulesets.live_action.roles import Role
from game.rulesets.live_action.roles.gay_knight import pair_count
from game.rulesets.ruleset import Ruleset
from game.rulesets.setup import RoleDeal, Setup, SetupError, deal_by_counts


def deal_roles(
    player_ids: Sequence[int],
    counts: Mapping[str, int],
    gay_knight_pairs: int,
    rng: random.Random,
) -> RoleDeal:
    """Every player gets exactly one role; `counts` gives how many of each non-townie role
    (Gay Knights are given as pairs); everyone left is a plain townie. Gay Knights are paired
    with each other (R26)."""
    if Role.GAY_KNIGHT in counts or Role.TOWNIE in counts:
        raise SetupError("Give Gay Knights as pairs and leave townies to fill the rest.")
    if any(count < 0 for count in counts.values()) or gay_knight_pairs < 0:
        raise SetupError("Role counts cannot be negative.")
    fixed = sum(counts.values())
    spare = len(player_ids) - fixed - 2 * gay_knight_pairs
    if spare < 0:
        needed = fixed + 2 * gay_knight_pairs
        raise SetupError(
            f"These counts need {needed} players but only {len(player_ids)} signed up."
        )
    pairs = pair_count(gay_knight_pairs, spare, rng)
    roles, dealt = deal_by_counts(player_ids, counts, {Role.GAY_KNIGHT: pairs}, Role.TOWNIE, rng)
    return RoleDeal(roles, dealt)


def deal(ruleset: Ruleset, player_ids: Sequence[int], setup: Setup, rng: random.Random) -> RoleDeal:
    """The live-action deal of a game's setup (R26)."""
    counts = {code: n for code, n in setup.roles.items() if code != Role.GAY_KNIGHT}
    return deal_roles(player_ids, counts, setup.roles.get(Role.GAY_KNIGHT, 0), rng)
