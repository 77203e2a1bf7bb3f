"""The viewer of a game, and the gate every page and operation passes: who the user is in
the game, and the one 404 for what they may not see or do (R51)."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from game.models import Game, GameModerator, GameStatus, Player


@dataclass(frozen=True)
class Viewer:
    """The signed-in user (or anonymous) as one game sees them."""

    user: object
    game: Game
    player: Player | None
    is_moderator: bool

    @property
    def is_authenticated(self) -> bool:
        return bool(getattr(self.user, "is_authenticated", False))

    @property
    def is_living_player(self) -> bool:
        return (
            self.player is not None and self.game.status != GameStatus.SIGNUP and self.player.alive
        )


def viewer_for(user, game: Game) -> Viewer:
    """Two queries at most, whatever the game's size."""
    if not getattr(user, "is_authenticated", False):
        return Viewer(user=user, game=game, player=None, is_moderator=False)
    is_moderator = GameModerator.objects.filter(game=game, user=user).exists()
    player = game.players.filter(user=user).first()
    return Viewer(user=user, game=game, player=player, is_moderator=is_moderator)


def can_view_game(viewer: Viewer) -> bool:
    """Sign-up pages are open to every signed-in user; a running game only to its players and
    moderators (R51: spectators see nothing); a finished game to every signed-in user."""
    if not viewer.is_authenticated:
        return False
    if viewer.is_moderator or viewer.player is not None:
        return True
    return viewer.game.status in (GameStatus.SIGNUP, GameStatus.FINISHED)


def can_moderate(viewer: Viewer) -> bool:
    return viewer.is_moderator


def require(allowed: bool) -> None:
    """Hide what the viewer may not know exists: the same 404 for 'forbidden' and 'missing'."""
    if not allowed:
        raise Http404("No such page.")


def game_for(user, game_id: int) -> tuple[Game, Viewer]:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game.")
    viewer = viewer_for(user, game)
    require(can_view_game(viewer))
    return game, viewer


def voter_for(user, game_id: int) -> Viewer:
    """The viewer of a vote: the user as a player of the game, with the game's status, in one
    hand-written query (a vote is the hot path, and compiling the ORM's join costs more than
    running it). Player and game carry what `can_vote` reads, and the game's rule set for the
    rulings a refusal cites; other fields load on access.
    Moderators never play in the games they moderate (services refuse both ways), so a player
    is no moderator. Anyone else gets the same 404 as from `game_for` and a check for a player."""
    player = None
    if getattr(user, "is_authenticated", False):
        players, games = Player._meta.db_table, Game._meta.db_table
        found = Player.objects.raw(
            "SELECT p.id, p.game_id, p.user_id, p.alive, g.status AS game_status, "  # noqa: S608
            f"g.ruleset AS game_ruleset "
            f"FROM {players} p JOIN {games} g ON g.id = p.game_id "
            "WHERE p.game_id = %s AND p.user_id = %s",
            [game_id, user.pk],
        )
        player = next(iter(found), None)
    require(player is not None)
    player.game = Game.from_db(
        player._state.db,
        ["id", "ruleset", "status"],  # in the model's field order, as from_db reads them
        [game_id, player.game_ruleset, player.game_status],
    )
    return Viewer(user=user, game=player.game, player=player, is_moderator=False)


def moderated_game_for(user, game_id: int) -> tuple[Game, Viewer]:
    game, viewer = game_for(user, game_id)
    require(can_moderate(viewer))
    return game, viewer
