"""The player a request is about, found in the game or refused with a clear message: shared by
the services of every player action."""

from game.errors import GameRuleError
from game.models import Game, GameStatus, Player, User


def running_game_player(game: Game, user: User) -> Player:
    if game.status != GameStatus.RUNNING:
        raise GameRuleError("The game is not running.")
    player = game.players.filter(user=user).first()
    if player is None:
        raise GameRuleError("You are not playing in this game.")
    return player


def player_of(game: Game, player_id: int | None, *, what: str = "That player") -> Player:
    player = game.players.filter(pk=player_id).first() if player_id else None
    if player is None:
        raise GameRuleError(f"{what} is not in this game.")
    return player


def night_actors(game: Game) -> list[Player]:
    """The living players one of whose active cards acts at night."""
    rules = game.rules
    return [
        p
        for p in game.players.filter(alive=True).order_by("id")
        if any(rules.night_action_codes(role) for role in rules.active_roles(p.role, p.state))
    ]
