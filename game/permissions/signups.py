"""Before the deal: signing up, withdrawing, the sign-up photos and the setup counts."""

from __future__ import annotations

from game.models import GameStatus
from game.permissions.guests import can_join_games
from game.permissions.viewers import Viewer


def can_see_photos(viewer: Viewer) -> bool:
    """Sign-up photos help the game's own players find each other on campus: they are for the
    game's players and moderators, not for every signed-in user who may read the sign-up page
    (no ruling covers photos; R50's secrecy is the spirit)."""
    return viewer.is_moderator or viewer.player is not None


def can_see_setup(viewer: Viewer) -> bool:
    """How many of each role and item the deal gives: the moderators' while the game is set up
    and played, everyone's once it is over. No ruling covers the counts; they narrow down who
    holds which role, so R50's secrecy keeps them from the players until the end."""
    return viewer.is_moderator or viewer.game.status == GameStatus.FINISHED


def can_sign_up(viewer: Viewer) -> bool:
    game = viewer.game
    return (
        can_join_games(viewer.user)
        and game.status == GameStatus.SIGNUP
        and game.signups_open
        and viewer.player is None
        and not viewer.is_moderator
    )


def can_withdraw_signup(viewer: Viewer) -> bool:
    return viewer.player is not None and viewer.game.status == GameStatus.SIGNUP
