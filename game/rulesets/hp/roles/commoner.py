"""Commoner: no power; votes each day (H8)."""

from game.rulesets.base import RoleSpec
from game.rulesets.hp.roles.detective import VILLAGE

STARTING_HP = 1000

ROLE = RoleSpec(
    code="commoner",
    name="Commoner",
    alignment=VILLAGE,
    summary="No special power: vote each day to find the mafias (H8). Starts with 1000 HP.",
    reveal="Commoners",
)
