"""The night's group choices (H3): whom each group may pick, and the group's choice from its
members' picks."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.rulesets.hp.roles import Role
from game.rulesets.phases import plurality


@dataclass(frozen=True)
class Seat:
    """One player as the HP rules see them: seat order is the order of `Table`."""

    id: int
    name: str
    role: str
    hp: Fraction
    alive: bool = True

    @property
    def mafia(self) -> bool:
        return self.role == Role.MAFIA


Table = tuple[Seat, ...]

NOT_IN_GAME = "{name} is not in the game."
"""The seed's refusal of a player killed or voted out earlier (healer's game, round 3)."""


def living(table: Table) -> Table:
    return tuple(seat for seat in table if seat.alive)


def seat_of(table: Table, player_id: int) -> Seat:
    return next(seat for seat in table if seat.id == player_id)


def group_members(table: Table, role: str) -> Table:
    """The group's living members (H1: each group knows its own)."""
    return tuple(seat for seat in living(table) if seat.role == role)


def pick_refusal(table: Table, role: str, target_id: int) -> str:
    """Why a member of `role`'s group may not pick `target_id`, or "" (H3): mafias pick a living
    non-mafia, detectives a living non-detective, healers any living player."""
    target = next((seat for seat in table if seat.id == target_id), None)
    if target is None or not target.alive:
        name = target.name if target else "That player"
        return NOT_IN_GAME.format(name=name)
    if role == Role.MAFIA and target.mafia:
        return "You cannot target a mafia."
    if role == Role.DETECTIVE and target.role == Role.DETECTIVE:
        return "You cannot test a detective."
    return ""


def allowed_picks(table: Table, role: str) -> tuple[int, ...]:
    """The players a member of `role`'s group may pick (H3), in seat order."""
    return tuple(seat.id for seat in living(table) if not pick_refusal(table, role, seat.id))


def group_choice(
    picks: Mapping[int, int], members: Sequence[int], rng: random.Random
) -> int | None:
    """H3: the player the group's members picked most, ties drawn at random (C8); only the
    picks of the group's members count, and a group none of whose members picked chooses no
    one."""
    counted = [target for actor, target in picks.items() if actor in set(members)]
    choice, _tied = plurality(counted, rng)
    return choice
