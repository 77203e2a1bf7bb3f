"""The viewer of a game, and the gate every page and operation passes: who the user is in
the game, and the one 404 for what they may not see or do (R51), or for a page the game's rule
set does not serve (`Ruleset.pages`).

The page a request opens is recorded for the request (`page_opened`, by the middleware that
sees its URL resolved), so that where views resolve the game (`game_for`, `voter_for`, and the
forums' `forum_game_for`) a page the rule set does not serve answers as a missing game does."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass

from django.http import Http404

from game.models import Game, GameModerator, GameStatus, Player, Spectator
from game.rulesets.registry import RULESETS

_page: ContextVar[str | None] = ContextVar("page", default=None)


@dataclass(frozen=True)
class Viewer:
    """The signed-in user (or anonymous) as one game sees them."""

    user: object
    game: Game
    player: Player | None
    is_moderator: bool
    # Follows the game as a spectator: neither player nor moderator, in a game open to them.
    is_spectator: bool = False

    @property
    def is_authenticated(self) -> bool:
        return bool(getattr(self.user, "is_authenticated", False))

    @property
    def is_living_player(self) -> bool:
        return (
            self.player is not None and self.game.status != GameStatus.SIGNUP and self.player.alive
        )


def viewer_for(user, game: Game) -> Viewer:
    """Three queries at most, whatever the game's size (the third for an outsider of a game
    open to spectators only)."""
    if not getattr(user, "is_authenticated", False):
        return Viewer(user=user, game=game, player=None, is_moderator=False)
    is_moderator = GameModerator.objects.filter(game=game, user=user).exists()
    player = game.players.filter(user=user).first()
    watching = (
        not is_moderator
        and player is None
        and watches(game)
        and Spectator.objects.filter(game=game, user=user, stopped_at__isnull=True).exists()
    )
    return Viewer(
        user=user, game=game, player=player, is_moderator=is_moderator, is_spectator=watching
    )


def watches(game: Game) -> bool:
    """Whether the game may have spectators now: its moderators allow them, and it has started
    (before, its sign-up pages are every signed-in user's anyway)."""
    return bool(game.spectators_allowed) and game.status != GameStatus.SIGNUP


def can_view_game(viewer: Viewer) -> bool:
    """Sign-up pages are open to every signed-in user; a running game only to its players,
    moderators and, where the moderators allow them, its spectators (R51 keeps everyone else
    out; what a spectator sees is the public part alone); a finished game to every signed-in
    user."""
    if not viewer.is_authenticated:
        return False
    if viewer.is_moderator or viewer.player is not None or viewer.is_spectator:
        return True
    return viewer.game.status in (GameStatus.SIGNUP, GameStatus.FINISHED)


def can_moderate(viewer: Viewer) -> bool:
    return viewer.is_moderator


def require(allowed: bool) -> None:
    """Hide what the viewer may not know exists: the same 404 for 'forbidden' and 'missing'."""
    if not allowed:
        raise Http404("No such page.")


def page_opened(page: str | None) -> None:
    """Record the page (its URL name) the current request opens; None for none."""
    _page.set(page)


def game_pages() -> frozenset[str]:
    """Every page some rule set serves: the pages of a game."""
    return frozenset().union(*(rules.pages.served for rules in RULESETS.values()))


def serves(game: Game, page: str) -> bool:
    """Whether `game` serves `page`: its rule set declares it, or it is no game's page."""
    return page in game.rules.pages.served or page not in game_pages()


def require_page_served(game: Game) -> None:
    """The 404 of a page the game's rule set does not serve (a Chiang Mai game's vote page),
    for the page the current request opens."""
    page = _page.get()
    if page is not None:
        require(serves(game, page))


def game_for(user, game_id: int) -> tuple[Game, Viewer]:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game.")
    require_page_served(game)
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
    require_page_served(player.game)
    return Viewer(user=user, game=player.game, player=player, is_moderator=False)


def moderated_game_for(user, game_id: int) -> tuple[Game, Viewer]:
    game, viewer = game_for(user, game_id)
    require(can_moderate(viewer))
    return game, viewer
