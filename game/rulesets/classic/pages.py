"""The pages of a classic game (seed 002): the night-and-day game's, citing its own rulings,
the forums' (R51) and, on the settings of its forum play, none else."""

from dataclasses import replace

from game.rulesets.pages import DEAL_ROLES, FORUMS_RULING, NIGHT_AND_DAY, start

PAGES = replace(
    NIGHT_AND_DAY,
    setup_actions=(DEAL_ROLES, start("Day 0")),
    cites=("C", FORUMS_RULING),
)
