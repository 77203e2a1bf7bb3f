"""What anyone may see of a game (R50): the home page's games, the players in seat order, the
current day, the viewer's view of the game, and how a finished game ended and who won."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.models import Day, Game, GameStatus, LogEntry, Player, Visibility
from game.models.players import SEAT_ORDER
from game.permissions import Viewer, can_see_role_of
from game.selectors.role_cards import RoleCardView, role_card


@dataclass(frozen=True)
class HomeGames:
    playing: list[Player]
    moderating: list[Game]
    open_signups: list[Game]
    # Running games open to spectators that the user neither plays nor moderates.
    to_watch: list[Game] = field(default_factory=list)


def home_games(user) -> HomeGames:
    if not user.is_authenticated:
        return HomeGames([], [], [])
    playing = list(
        Player.objects.filter(user=user).select_related("game").order_by("-game__created_at")
    )
    moderating = list(Game.objects.filter(moderators__user=user))
    taken = {p.game_id for p in playing} | {g.pk for g in moderating}
    open_signups = [
        g
        for g in Game.objects.filter(status=GameStatus.SIGNUP, signups_open=True)[:50]
        if g.pk not in taken
    ]
    to_watch = [
        g
        for g in Game.objects.filter(status=GameStatus.RUNNING, spectators_allowed=True)[:50]
        if g.pk not in taken
    ]
    return HomeGames(playing, moderating, open_signups, to_watch)


def players_public(game: Game) -> list[Player]:
    """Every player with what everyone may know: name, protocol name (C10), seat, alive or dead,
    when they died; in seat order (C9), as the players file lists them."""
    return list(
        game.players.only(
            "id",
            "name",
            "protocol_name",
            "seat",
            "alive",
            "died_at",
            "death_day",
            "game_id",
            "user_id",
            "introduction",
            "photo",
        ).order_by(*SEAT_ORDER)
    )


def current_day(game: Game) -> Day | None:
    if game.current_day == 0:
        return None
    return Day.objects.filter(game=game, number=game.current_day).first()


@dataclass(frozen=True)
class GameState:
    game: Game
    day: Day | None
    players: list[Player]
    role_card: RoleCardView | None
    roles_visible: dict[int, str] = field(default_factory=dict)


def game_state(viewer: Viewer) -> GameState:
    """What the viewer may see of the game (R50). Roles appear only where `can_see_role_of`
    allows: the viewer's own, every role for moderators, every role once the game is over."""
    game = viewer.game
    players = (
        players_public(game)
        if not viewer.is_moderator
        else list(game.players.order_by(*SEAT_ORDER))
    )
    roles_visible = {}
    if viewer.is_moderator or game.status == GameStatus.FINISHED:
        roles_visible = {
            p.pk: p.role for p in game.players.only("id", "role") if can_see_role_of(viewer, p)
        }
    elif viewer.player is not None and viewer.player.role and game.status != GameStatus.SIGNUP:
        roles_visible = {viewer.player.pk: viewer.player.role}
    return GameState(game, current_day(game), players, role_card(viewer), roles_visible)


def game_ending(game: Game) -> str | None:
    """How a finished game ended: the public announcement of its end (the winner, and whether by
    the win check or the mafia kill clock, R17, R18); None while it runs."""
    if game.status != GameStatus.FINISHED:
        return None
    entry = (
        LogEntry.objects.filter(game=game, kind="game_over", visibility=Visibility.PUBLIC)
        .order_by("-created_at", "-id")
        .first()
    )
    return entry.text if entry else "The game is over."


def winners(game: Game) -> set[int]:
    """The players of the winning side, the dead included (C6: the dead share their side's
    win; R16 for live action)."""
    if not game.winner:
        return set()
    rules = game.rules
    return {
        pk
        for pk, role, conscripted in game.players.exclude(role="").values_list(
            "pk", "role", "conscripted"
        )
        if rules.has_role(role) and rules.alignment_of(role, conscripted=conscripted) == game.winner
    }
