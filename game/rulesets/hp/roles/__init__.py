"""The HP roles (H1), one module each, in the order the seed lists them when it offers a
character: mafia, detective, healer, commoner."""

from game.rulesets.base import codes_enum
from game.rulesets.hp.roles import commoner, detective, healer, mafia

ROLES = (mafia.ROLE, detective.ROLE, healer.ROLE, commoner.ROLE)
Role = codes_enum("Role", ROLES)

STARTING_HP: dict[str, int] = {
    mafia.ROLE.code: mafia.STARTING_HP,
    detective.ROLE.code: detective.STARTING_HP,
    healer.ROLE.code: healer.STARTING_HP,
    commoner.ROLE.code: commoner.STARTING_HP,
}
"""H1: each role's hit points at the deal."""

GROUP_ROLES: tuple[str, ...] = (mafia.ROLE.code, detective.ROLE.code, healer.ROLE.code)
"""The groups that choose at night, in the order the night runs (H2)."""
