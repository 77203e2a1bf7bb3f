"""The day's vote: who casts one, and who sees ballots, notes and the running count (R5, R7,
R50, C5)."""

from __future__ import annotations

from game.models import Game, GameStatus
from game.permissions.viewers import Viewer


def votes_are_public(game: Game) -> bool:
    """Where the rule set's day says so, votes are public as they are cast (C5), each announced
    to everyone; otherwise the totals are public at the day's end (R50)."""
    return game.rules.day.public


def can_vote(viewer: Viewer) -> bool:
    """Every living player of a running game votes (R5, C5, H8), where players cast their
    votes themselves: at a Chiang Mai table the host enters the show of hands (M7, M12)."""
    return (
        viewer.is_living_player
        and viewer.game.status == GameStatus.RUNNING
        and viewer.game.rules.day.players_cast
    )


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
    """Totals are public at day end (R50); before it only moderators see the running count.
    Where votes are public as they are cast (C5), the players and the spectators see it too."""
    follows = viewer.player is not None or viewer.is_spectator
    return viewer.is_moderator or (votes_are_public(viewer.game) and follows)
