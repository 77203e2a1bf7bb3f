"""Who reads a game's review (the reveal after the game): its players and moderators once it is
over, and every signed-in user where the moderators open it (`Game.review_public`). Before the
end the review does not exist for anyone: R50 keeps the roles and the mod log secret while the
game runs, and the log keeps its own visibility then."""

from __future__ import annotations

from game.models import GameStatus
from game.permissions.viewers import Viewer


def can_see_review(viewer: Viewer) -> bool:
    if viewer.game.status != GameStatus.FINISHED or not viewer.is_authenticated:
        return False
    if viewer.is_moderator or viewer.player is not None:
        return True
    return viewer.game.review_public


def can_open_review(viewer: Viewer) -> bool:
    """Opening the review to everyone, or closing it again: the game's moderators, at any time
    (it takes effect once the game is over)."""
    return viewer.is_moderator
