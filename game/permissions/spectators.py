"""Spectators: signed-in people outside a game who follow it where its moderators allow
(`Game.spectators_allowed`; off, R51 keeps every outsider out of a running game). A spectator
is neither player nor moderator, so every other permission of this package already refuses
them what is secret (R50); these decide watching itself and joining after it."""

from __future__ import annotations

from game.models import Game, GameStatus, Spectator, User
from game.permissions.guests import can_join_games
from game.permissions.viewers import Viewer, require, require_page_served, viewer_for, watches


def watch_refusal(viewer: Viewer) -> str:
    """Why the viewer may not start watching the game, "" when they may. Watching needs an
    account (a guest may not, as a guest may not join games), and a running game open to
    spectators that the viewer neither plays nor moderates."""
    if viewer.player is not None or viewer.is_moderator:
        return "You are in this game: you follow it from its own pages."
    if viewer.is_spectator:
        return "You are watching this game already."
    if not can_join_games(viewer.user):
        return "Create an account to watch games: guests play solo games only."
    if viewer.game.status != GameStatus.RUNNING:
        return "Only a running game is watched: its sign-up and its record are open to all."
    return ""


def can_offer_watching(viewer: Viewer) -> bool:
    """Whether the game's watch page exists for the viewer: a game open to spectators, for
    a signed-in person outside it (a game closed to them answers as a missing one)."""
    return (
        viewer.is_authenticated
        and watches(viewer.game)
        and viewer.player is None
        and not viewer.is_moderator
    )


def can_watch(viewer: Viewer) -> bool:
    return can_offer_watching(viewer) and not watch_refusal(viewer)


def can_stop_watching(viewer: Viewer) -> bool:
    return viewer.is_spectator


def has_watched(game, user: User) -> bool:
    """Whoever watched the game, even if they stopped, may not join it as a sign-up or a
    substitute: a spectator must help neither side, and a second account must not turn what
    it watched into play."""
    return Spectator.objects.filter(game=game, user=user).exists()


def watched_game_for(user, game_id: int) -> Viewer:
    """The viewer of a game's watch page and operations: a game open to spectators, for a
    signed-in person outside it; the one 404 of a missing game for anyone else."""
    game = Game.objects.filter(pk=game_id).first()
    require(game is not None)
    require_page_served(game)
    viewer = viewer_for(user, game)
    require(can_offer_watching(viewer))
    return viewer


def has_spectators_board(game: Game) -> bool:
    """The spectators' board exists where the moderators allow spectators and switch it on."""
    return bool(game.spectators_allowed and game.spectators_board)


def spectators_board_level(viewer: Viewer) -> int:
    """Who reads (1) and posts (2) on the spectators' board, 0 for nobody: the moderators
    always; while the game runs its spectators and its dead players; once it is over they and
    the players read it. The living never see it, so nothing written there reaches them."""
    if not has_spectators_board(viewer.game):
        return 0
    if viewer.is_moderator:
        return 2
    follows = viewer.is_spectator or (viewer.player is not None and not viewer.player.alive)
    if viewer.game.status == GameStatus.RUNNING:
        return 2 if follows else 0
    over = viewer.game.status == GameStatus.FINISHED
    return 1 if over and (viewer.is_spectator or viewer.player is not None) else 0
