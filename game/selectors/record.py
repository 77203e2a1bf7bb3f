"""A night-and-day game's public record as data, for the bots' runner and any other client that
should not read announcements' text (C10): the roles deaths revealed (C6), the votes as they were
cast (C5), and the viewer's own investigation results (C4). A fixed number of queries."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from game.models import LogEntry, NightAction, Player, Vote
from game.permissions import (
    Viewer,
    can_read_results_of,
    role_revealed_by_death,
    votes_are_public,
)

RESULT_ENTRY = "investigation_result"
INVESTIGATE = "investigate"


@dataclass(frozen=True)
class Death:
    player_id: int
    day: int
    cause: str
    role: str


@dataclass(frozen=True)
class PublicVote:
    id: int
    day: int
    voter_id: int
    target_id: int | None  # None is "no one"
    cast_at: dt.datetime


@dataclass(frozen=True)
class Result:
    night: int
    target_id: int
    alignment: str


def deaths_revealed(viewer: Viewer) -> list[Death]:
    """The deaths whose role is public (C6), in the order they happened."""
    game = viewer.game
    dead = game.players.filter(alive=False).only(
        "id", "role", "alive", "death_day", "death_cause", "died_at"
    )
    return [
        Death(p.pk, p.death_day or 0, p.death_cause, p.role)
        for p in sorted(dead, key=lambda p: (p.died_at is None, p.died_at, p.pk))
        if role_revealed_by_death(game, p)
    ]


def public_votes(viewer: Viewer) -> list[PublicVote]:
    """Every vote as it was cast, where votes are public (C5); none elsewhere."""
    if not votes_are_public(viewer.game):
        return []
    return [
        PublicVote(*row)
        for row in Vote.objects.filter(game=viewer.game)
        .order_by("cast_at", "id")
        .values_list("id", "day", "voter_id", "target_id", "cast_at")
    ]


def investigation_results(viewer: Viewer, player: Player | None = None) -> list[Result]:
    """A player's results (C4), the viewer's own by default: each night whose dawn told them one,
    the player they chose and that player's alignment. Only their owner and the moderators read
    them (R50)."""
    player = player or viewer.player
    if player is None or not can_read_results_of(viewer, player):
        return []
    told = set(
        LogEntry.objects.filter(game=viewer.game, kind=RESULT_ENTRY, recipients=player)
        .values_list("day", flat=True)
        .distinct()
    )
    if not told:
        return []
    rules = viewer.game.rules
    actions = NightAction.objects.filter(
        game=viewer.game, actor=player, action=INVESTIGATE, night__in=told, target__isnull=False
    ).select_related("target")
    return [
        Result(a.night, a.target_id, rules.role(a.target.role).alignment)
        for a in sorted(actions, key=lambda a: a.night)
        if rules.has_role(a.target.role)
    ]
