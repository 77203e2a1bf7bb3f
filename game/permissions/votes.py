"""The day's vote: who casts one, and who sees ballots, notes and the running count (R5, R7,
R50, C5)."""

from __future__ import annotations

from game.models import Game, GameStatus
from game.permissions.viewers import Viewer


def votes_are_public(game: Game) -> bool:
    """Night-and-day votes are public as they are cast (C5), each announced to everyone."""
    return game.rules.night_and_day


def can_vote(viewer: Viewer) -> bool:
    """Every living player of a running game has one vote a day (R5)."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def can_see_ballots(viewer: Viewer) -> bool:
    """Who voted for whom is public at day end (R50) unless the game has secret ballots; then
    only moderators see it until the game is over."""
    return (
        viewer.is_moderator
        or not viewer.game.secret_ballots
        or viewer.game.status == GameStatus.FINISHED
    )


def can_see_vote_notes(viewer: Viewer) -> bool:
    """Notes and conditions of votes are for moderators only (R7, R50)."""
    return viewer.is_moderator


def can_see_live_tally(viewer: Viewer) -> bool:
    """Totals are public at day end (R50); before it only moderators see the running count. In
    night-and-day games votes are public as they are cast (C5): the players see it too."""
    if viewer.game.rules.night_and_day:
        return viewer.is_moderator or viewer.player is not None
    return viewer.is_moderator
