from django.db import connection

from game.models import Game


def lock_game(game_id: int) -> Game:
    """Lock the game row for the rest of the transaction: every change of game state goes through
    this lock, so concurrent actions on one game run one after the other."""
    return Game.objects.select_for_update().get(pk=game_id)


def lock_game_shared(game_id: int) -> Game:
    """A shared lock on the game row: many votes may hold it at once, but not while a day end
    (which takes `lock_game`) runs, so a vote is either counted by that day end or sees the next
    day. SQLite serialises writing transactions anyway, so there a plain read is enough."""
    if connection.vendor == "postgresql":
        table = Game._meta.db_table
        return Game.objects.raw(
            f"SELECT * FROM {table} WHERE id = %s FOR SHARE",  # noqa: S608 (table name is ours)
            [game_id],
        )[0]
    return Game.objects.get(pk=game_id)
