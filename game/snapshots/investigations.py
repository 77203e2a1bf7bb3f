"""What a player may investigate as, read from their row for the investigation rules (R22)."""

from game.models import Player
from game.rulesets.live_action.offices import mayor, police_officer
from game.rulesets.live_action.roles import desperado


def capacities_of(player: Player, day: int) -> frozenset[str]:
    """The capacities a player holds now (R22): their role's from the deal, the desperado's
    while gone desperado (R25), the offices' while held (R48)."""
    role = player.role_spec
    held = {c.code for c in role.capacities if c.held_from_deal} if role else set()
    if (
        player.role == desperado.ROLE.code
        and player.desperado_since_day is not None
        and player.desperado_since_day <= day
    ):
        held.add(desperado.CAPACITY.code)
    if player.mayor_since is not None:
        held.add(mayor.CAPACITY.code)
    if player.police_officer_since is not None:
        held.add(police_officer.CAPACITY.code)
    return frozenset(held)
