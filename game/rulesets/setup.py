"""A game's setup (how many of each role and item the deal gives) and the deal itself. Pure
Python; each rule set checks a setup against its own roles and items (`Ruleset.setup_of`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

MAX_COUNT: Final = 999


class SetupError(ValueError):
    pass


@dataclass(frozen=True)
class Setup:
    """How many of each role (pairs for a role dealt in pairs) and of each item the deal gives."""

    roles: Mapping[str, int]
    items: Mapping[str, int]

    def as_json(self) -> dict[str, dict[str, int]]:
        return {"roles": dict(self.roles), "items": dict(self.items)}


@dataclass(frozen=True)
class RoleDeal:
    """Each player's role, and the partnered pairs of roles dealt in pairs."""

    roles: dict[int, str]
    pairs: tuple[tuple[int, int], ...] = ()


R = TypeVar("R", bound=str)


def deal_by_counts(
    player_ids: Sequence[int],
    counts: Mapping[R, int],
    pairs: Mapping[R, int],
    filler: R,
    rng: random.Random,
) -> tuple[dict[int, R], tuple[tuple[int, int], ...]]:
    """Every player gets exactly one role: `counts` of each role, `pairs` of each role dealt in
    partnered pairs, everyone left the `filler` role. The caller checks that the counts fit."""
    shuffled = list(player_ids)
    rng.shuffle(shuffled)
    roles: dict[int, R] = {}
    position = 0
    for role in sorted(counts):
        for _ in range(counts[role]):
            roles[shuffled[position]] = role
            position += 1
    dealt_pairs = []
    for role in sorted(pairs):
        for _ in range(pairs[role]):
            first, second = shuffled[position], shuffled[position + 1]
            roles[first] = roles[second] = role
            dealt_pairs.append((first, second))
            position += 2
    for player_id in shuffled[position:]:
        roles[player_id] = filler
    return roles, tuple(dealt_pairs)


def deal_items(
    player_ids: Sequence[int], counts: Mapping[str, int], rng: random.Random
) -> list[tuple[str, int]]:
    """Items go to random players, spread so that nobody gets a second item before everyone has
    one (R43, R44)."""
    if not player_ids:
        if any(counts.values()):
            raise SetupError("There is nobody to deal items to.")
        return []
    order = list(player_ids)
    rng.shuffle(order)
    kinds = [kind for kind, count in sorted(counts.items()) for _ in range(count)]
    return [(kind, order[index % len(order)]) for index, kind in enumerate(kinds)]


def counts_checked(
    given: object, defaults: Mapping[str, int], what: str, ruleset_name: str
) -> dict[str, int]:
    """The counts `given` for one part of a setup over `defaults`, each a whole number of a
    code the rule set counts; SetupError otherwise."""
    if given is None:
        return dict(defaults)
    if not isinstance(given, Mapping):
        raise SetupError(f"Give the {what} counts as a mapping of {what} to count.")
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        raise SetupError(f"{ruleset_name} has no such {what} to count: {', '.join(unknown)}.")
    counts = dict(defaults)
    for code, count in given.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
            raise SetupError(f"The count of {code} must be a whole number from 0 to {MAX_COUNT}.")
        counts[code] = count
    return counts
