"""Chiang Mai's roles (M2, M4, M6), one module each: the role a card gives its holder, with its
night action and effect where it has one; the night engine (`game.rulesets.nights`) runs them
in the order of their priorities, the seed's order (M4)."""

from game.rulesets.chiang_mai.roles import assassin, doctor, hunter, killer, policeman, villager

ROLES = (
    killer.ROLE,
    doctor.ROLE,
    policeman.ROLE,
    assassin.ROLE,
    hunter.ROLE,
    villager.ROLE,
)
