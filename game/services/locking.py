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
    """A shared lock on the game's latest day row, read with the game's status (as
    `day.game_status`, with its rule set and phase as `day.game_ruleset` and `day.game_phase`) in
    the same hand-written query (votes are the hot path). Votes hold the
    lock together; a day end, which updates that row when it closes the day, waits for the
    votes in flight and then makes the next ones wait until it commits, after which they see
    the day closed. The game row is not locked, so voting never delays the day-end job's claim
    of the game. SQLite serialises writing transactions anyway, so there a plain read is
    enough."""
    lock = " FOR SHARE OF d" if connection.vendor == "postgresql" else ""
    days, games = Day._meta.db_table, Game._meta.db_table
    rows = list(
        Day.objects.raw(
            f"SELECT d.*, g.status AS game_status, g.ruleset AS game_ruleset, "  # noqa: S608
            f"g.current_phase AS game_phase FROM {days} d "
            f"JOIN {games} g ON g.id = d.game_id WHERE d.game_id = %s "
            f"ORDER BY d.number DESC LIMIT 1{lock}",
            [game_id],
        )
    )
    return rows[0] if rows else None
