"""What a player may investigate as (R22), and the facts of who may be a suspect of a death
(R12, R19), read from the rows for the investigation rules."""

import datetime as dt

from game.models import Game, Kill, KillStatus, Player
from game.rulesets.live_action.facts import PlayerLife
from game.rulesets.live_action.offices import mayor, police_officer
from game.rulesets.live_action.roles import desperado

LIFE_FIELDS = ("id", "name", "alive", "died_at", "game_id")
"""The columns `player_life` reads: what a suspect list loads of each player."""


def player_life(player: Player) -> PlayerLife:
    return PlayerLife(player.pk, alive=player.alive, died_at=player.died_at)


def killed_at(game: Game, victim: Player) -> dt.datetime | None:
    """The moment of the confirmed kill that ended `victim`'s life; None when they are alive or
    died otherwise (R21: only kills are investigated). One query, none for a living victim."""
    if victim.alive:
        return None
    return (
        Kill.objects.filter(game=game, victim=victim, status=KillStatus.CONFIRMED)
        .order_by("happened_at")
        .values_list("happened_at", flat=True)
        .first()
    )


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
