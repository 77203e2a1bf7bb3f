"""The classic roles (C2-C4, C7), one module each, in the order the app lists them."""

from game.rulesets.base import codes_enum
from game.rulesets.classic.roles import cop, doctor, mafioso, villager

ROLES = (
    mafioso.ROLE,
    cop.ROLE,
    doctor.ROLE,
    villager.ROLE,
)
Role = codes_enum("Role", ROLES)
