"""HP Mafia's hit points and turns (H3, H8, H12), and Chiang Mai's host, cards and thumbs
(M4, M12)."""

from __future__ import annotations

from game.models import GameStatus, Player
from game.permissions.viewers import Viewer


def can_see_hp_of(viewer: Viewer, player: Player) -> bool:
    """H12: each player sees their own HP, nobody else's; moderators see everyone's."""
    return viewer.is_moderator or (viewer.player is not None and viewer.player.pk == player.pk)


def can_take_hp_turn(viewer: Viewer) -> bool:
    """The night pick and the vote of an HP game (H3, H8): its living players while it runs."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def can_host_chiang_mai(viewer: Viewer) -> bool:
    """M12: the host of a Chiang Mai game sees everything and enters every tap."""
    return viewer.is_moderator and "chiang_mai_host" in viewer.game.rules.pages.served


def can_see_table(viewer: Viewer) -> bool:
    """M12: the table as the viewer may see it, once dealt, in a game played at a table (one
    whose rule set has the table's shared screen)."""
    return (
        "chiang_mai_screen" in viewer.game.rules.pages.served
        and viewer.game.status != GameStatus.SIGNUP
    )


def can_tap_at_table(viewer: Viewer) -> bool:
    """M12: the host's taps and a phone's own, in a game played at a table (the services then
    check who may enter what)."""
    return "chiang_mai_tap" in viewer.game.rules.pages.served


def can_see_cards_of(viewer: Viewer, player_id: int) -> bool:
    """M12: a player sees their own two cards, the host everyone's; the end reveals them all."""
    own = viewer.player is not None and viewer.player.pk == player_id
    return own or viewer.is_moderator or viewer.game.status == GameStatus.FINISHED


def can_see_thumbs(viewer: Viewer, policemen: tuple[int, ...]) -> bool:
    """M4: only the Policemen active that night, and the host, learn the thumbs."""
    return viewer.is_moderator or (viewer.player is not None and viewer.player.pk in policemen)
