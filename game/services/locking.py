from game.models import Game


def lock_game(game_id: int) -> Game:
    """Lock the game row for the rest of the transaction: every change of game state goes through
    this lock, so concurrent actions on one game run one after the other."""
    return Game.objects.select_for_update().get(pk=game_id)
