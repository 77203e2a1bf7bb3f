"""Where an HP game stands, read from its rows: the players in seat order, the night's stored
picks, the day's ballot and whom the current step still waits for (H2, H8)."""

from __future__ import annotations

from collections import defaultdict

from game.models import Game, NightAction, Player, Vote
from game.rulesets.hp.phases import ballot_of
from game.rulesets.hp.roles import GROUP_ROLES, Role
from game.rulesets.hp.rounds import Picks
from game.rulesets.phases import NIGHT

ACTION_OF = {Role.MAFIA: "attack", Role.DETECTIVE: "test", Role.HEALER: "heal"}
"""The night action each group's members take (NightAction.action)."""


def players_of(game: Game) -> list[Player]:
    return list(game.players.order_by("seat", "pk"))


def current_ballot(game: Game) -> int:
    """The round's vote now open, from 1 (H8); 0 at night."""
    return ballot_of(game.current_phase)


def stored_picks(game: Game) -> Picks:
    picks: dict[str, dict[int, int]] = defaultdict(dict)
    role_of = {action: role for role, action in ACTION_OF.items()}
    for row in NightAction.objects.filter(game=game, night=game.current_day).order_by("pk"):
        if row.target_id is not None:
            picks[role_of[row.action]][row.actor_id] = row.target_id
    return picks


def stored_ballots(game: Game, ballot: int) -> dict[int, int]:
    """The latest vote of each voter in this ballot (Vote.round counts from 0)."""
    votes = Vote.objects.filter(game=game, day=game.current_day, round=ballot - 1)
    return {v.voter_id: v.target_id for v in votes.order_by("cast_at", "pk") if v.target_id}


def persons_waited_for(game: Game, players: list[Player]) -> list[Player]:
    """The living people whose choice the current step still needs (H2: a night ends when every
    group has chosen; H8: a ballot when everyone has voted)."""
    people = [p for p in players if p.alive and not p.computer]
    if game.current_phase == NIGHT:
        picked = {a for group in stored_picks(game).values() for a in group}
        return [p for p in people if p.role in GROUP_ROLES and p.pk not in picked]
    voted = stored_ballots(game, current_ballot(game))
    return [p for p in people if p.pk not in voted]
