"""Dealing roles and items at the start of a game (R26, R43, R44)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .roles import Role

EXTRA_GAY_KNIGHT_PAIR_CHANCE = 0.25


class AssignmentError(ValueError):
    pass


@dataclass(frozen=True)
class RoleDeal:
    roles: dict[int, Role]
    gay_knight_pairs: tuple[tuple[int, int], ...]


def gay_knight_pair_count(
    requested_pairs: int,
    spare_townies: int,
    rng: random.Random,
    extra_chance: float = EXTRA_GAY_KNIGHT_PAIR_CHANCE,
) -> int:
    """How many Gay Knight pairs to deal: the requested pairs, plus one more now and then when
    at least two plain townies would remain, so that the deal leans slightly toward more Gay
    Knights (R26)."""
    if spare_townies >= 2 and rng.random() < extra_chance:
        return requested_pairs + 1
    return requested_pairs


def deal_roles(
    player_ids: Sequence[int],
    counts: Mapping[Role, int],
    gay_knight_pairs: int,
    rng: random.Random,
) -> RoleDeal:
    """Every player gets exactly one role; `counts` gives how many of each non-townie role
    (Gay Knights are given as pairs); everyone left is a plain townie. Gay Knights are paired
    with each other (R26)."""
    if Role.GAY_KNIGHT in counts or Role.TOWNIE in counts:
        raise AssignmentError("Give Gay Knights as pairs and leave townies to fill the rest.")
    if any(count < 0 for count in counts.values()) or gay_knight_pairs < 0:
        raise AssignmentError("Role counts cannot be negative.")
    fixed = sum(counts.values())
    spare = len(player_ids) - fixed - 2 * gay_knight_pairs
    if spare < 0:
        needed = fixed + 2 * gay_knight_pairs
        raise AssignmentError(
            f"These counts need {needed} players but only {len(player_ids)} signed up."
        )
    pairs = gay_knight_pair_count(gay_knight_pairs, spare, rng)
    shuffled = list(player_ids)
    rng.shuffle(shuffled)
    roles: dict[int, Role] = {}
    position = 0
    for role in sorted(counts, key=lambda r: r.value):
        for _ in range(counts[role]):
            roles[shuffled[position]] = role
            position += 1
    knight_pairs = []
    for _ in range(pairs):
        first, second = shuffled[position], shuffled[position + 1]
        roles[first] = roles[second] = Role.GAY_KNIGHT
        knight_pairs.append((first, second))
        position += 2
    for player_id in shuffled[position:]:
        roles[player_id] = Role.TOWNIE
    return RoleDeal(roles=roles, gay_knight_pairs=tuple(knight_pairs))


def deal_items(
    player_ids: Sequence[int], counts: Mapping[str, int], rng: random.Random
) -> list[tuple[str, int]]:
    """Items go to random players, spread so that nobody gets a second item before everyone has
    one (R43, R44: 7 shovels and 4 tasers by default)."""
    if not player_ids:
        if any(counts.values()):
            raise AssignmentError("There is nobody to deal items to.")
        return []
    order = list(player_ids)
    rng.shuffle(order)
    kinds = [kind for kind, count in sorted(counts.items()) for _ in range(count)]
    return [(kind, order[index % len(order)]) for index, kind in enumerate(kinds)]
