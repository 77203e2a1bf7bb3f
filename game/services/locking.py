from django.db import connection

from game.models import Day, Game


def lock_game(game_id: int) -> Game:
    """Lock the game row for the rest of the transaction: every change of game state goes through
    this lock, so concurrent actions on one game run one after the other.

    FOR NO KEY UPDATE (PostgreSQL): exclusive among services, but it lets rows that merely
    reference the game (a vote's foreign key takes KEY SHARE) be inserted meanwhile, so votes
    neither block nor deadlock with a day end; they are ordered by `lock_current_day_shared`."""
    return Game.objects.select_for_update(no_key=True).get(pk=game_id)


def lock_current_day_shared(game_id: int) -> Day | None:
    """A shared lock on the game's latest day row. Votes hold it together; a day end, which
    updates that row when it closes the day, waits for the votes in flight and then makes the
    next ones wait until it commits, after which they see the day closed. The game row is not
    touched, so voting never delays the day-end job's claim of the game. SQLite serialises
    writing transactions anyway, so there a plain read is enough."""
    latest = Day.objects.filter(game_id=game_id).order_by("-number")
    if connection.vendor != "postgresql":
        return latest.first()
    table = Day._meta.db_table
    rows = list(
        Day.objects.raw(
            f"SELECT * FROM {table} WHERE game_id = %s "  # noqa: S608 (table name is ours)
            "ORDER BY number DESC LIMIT 1 FOR SHARE",
            [game_id],
        )
    )
    return rows[0] if rows else None
