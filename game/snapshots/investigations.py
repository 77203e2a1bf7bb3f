"""What a player may investigate as, read from their row for the investigation rules (R22)."""

from game.models import Player
from game.rules.investigation_limits import Capacity
from game.rules.roles import Role

ROLE_CAPACITIES = {
    Role.INVESTIGATOR: Capacity.INVESTIGATOR,
    Role.GROUP_INVESTIGATOR: Capacity.GROUP_INVESTIGATOR,
    Role.SERIAL_KILLER: Capacity.SERIAL_KILLER,
    Role.GAY_KNIGHT: Capacity.GAY_KNIGHT,
}


def capacities_of(player: Player, day: int) -> frozenset[Capacity]:
    """The capacities a player holds now (R22): role, desperado while gone (R25), offices (R48)."""
    held = set()
    if player.role_enum in ROLE_CAPACITIES:
        held.add(ROLE_CAPACITIES[player.role_enum])
    if (
        player.role == Role.DESPERADO
        and player.desperado_since_day is not None
        and player.desperado_since_day <= day
    ):
        held.add(Capacity.DESPERADO)
    if player.mayor_since is not None:
        held.add(Capacity.MAYOR)
    if player.police_officer_since is not None:
        held.add(Capacity.POLICE_OFFICER)
    return frozenset(held)
