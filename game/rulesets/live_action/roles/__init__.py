"""The live-action roles (R16, R25-R32), one module each, in the order the app lists them."""

from game.rulesets.base import MAFIA, codes_enum
from game.rulesets.live_action.roles import (
    desperado,
    gay_knight,
    group_investigator,
    innocent_child,
    investigator,
    mafia,
    priest,
    serial_killer,
    stalker,
    townie,
    vigilante,
)
from game.rulesets.ruleset import alignment_in

ROLES = (
    mafia.ROLE,
    serial_killer.ROLE,
    investigator.ROLE,
    desperado.ROLE,
    gay_knight.ROLE,
    group_investigator.ROLE,
    innocent_child.ROLE,
    priest.ROLE,
    stalker.ROLE,
    vigilante.ROLE,
    townie.ROLE,
)
Role = codes_enum("Role", ROLES)
ROLES_BY_CODE = {role.code: role for role in ROLES}


def alignment_of(role: str, *, conscripted: bool = False) -> str:
    """A player's alignment for the win check (R16): conscripts are mafia-aligned (R39)."""
    return alignment_in(ROLES_BY_CODE, role, conscripted=conscripted)


def is_mafia_aligned(role: str, *, conscripted: bool = False) -> bool:
    """Mafia-aligned means mafia and conscripts; serial killers are not (R16)."""
    return alignment_of(role, conscripted=conscripted) == MAFIA
