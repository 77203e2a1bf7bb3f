import datetime as dt

from django.conf import settings
from django.db import connection
from django.utils import timezone

from game.models import Day, Game


def lock_game(game_id: int) -> Game:
    """Lock the game row for the rest of the transaction: every change of game state goes through
    this lock, so concurrent actions on one game run one after the other.

    FOR NO KEY UPDATE (PostgreSQL): exclusive among services, but it lets rows that merely
    reference the game (a vote's foreign key takes KEY SHARE) be inserted meanwhile, so votes
    neither block nor deadlock with a day end; they are ordered by `lock_current_day_shared`."""
    return Game.objects.select_for_update(no_key=True).get(pk=game_id)


def uses_database_clock() -> bool:
    return settings.GAME_CLOCK == "database" and connection.vendor == "postgresql"


def database_now() -> dt.datetime:
    """The one clock that orders what happens in a game: the database's. Web hosts and workers
    may disagree by seconds; the database is one (SQLite runs in the app's own process, so there
    the process's clock is that clock; `GAME_CLOCK` "process" chooses it on PostgreSQL too)."""
    if not uses_database_clock():
        return timezone.now()
    with connection.cursor() as cursor:
        cursor.execute("SELECT clock_timestamp()")
        return cursor.fetchone()[0]


def locked_now(now: dt.datetime) -> dt.datetime:
    """The moment of an action taken under the game's lock: the database's clock, read once the
    lock is held (nothing of the game can happen between the two), where it orders the game;
    else `now`. A post and the vote it carries share it."""
    return database_now() if uses_database_clock() else now


def lock_current_day_shared(game_id: int) -> Day | None:
    """A shared lock on the game's latest day row, read with the game's status, rule set, clock
    pause, hammer setting and phase (as `day.game_status`, `day.game_ruleset`,
    `day.game_clock_paused_at`, `day.game_majority_ends_day`, `day.game_phase`) and the
    database's clock
    (`day.db_now`) in the same hand-written query (votes are the hot path). Votes hold the lock
    together; a day end, which locks that row before it takes its end time and closes the day,
    waits for the votes in flight and then makes the next ones wait until it commits, after
    which they see the day closed. The game row is not locked, so voting never delays the
    day-end job's claim of the game (a vote that may end the day itself, the hammer, takes the
    game's lock first: services.days.votes). SQLite serialises writing transactions anyway, so
    there a plain read is enough, and its clock is the process's."""
    postgres = connection.vendor == "postgresql"
    lock = " FOR SHARE OF d" if postgres else ""
    clock = ", clock_timestamp() AS db_now" if uses_database_clock() else ""
    days, games = Day._meta.db_table, Game._meta.db_table
    rows = list(
        Day.objects.raw(
            f"SELECT d.*, g.status AS game_status, g.ruleset AS game_ruleset, "  # noqa: S608 (our tables)
            f"g.clock_paused_at AS game_clock_paused_at, "
            f"g.majority_ends_day AS game_majority_ends_day, g.current_phase AS game_phase"
            f"{clock} FROM {days} d "
            f"JOIN {games} g ON g.id = d.game_id WHERE d.game_id = %s "
            f"ORDER BY d.number DESC LIMIT 1{lock}",
            [game_id],
        )
    )
    if not rows:
        return None
    day = rows[0]
    if not clock:
        day.db_now = timezone.now()
    if not postgres:
        paused_at = day.game_clock_paused_at
        if isinstance(paused_at, str):
            paused_at = dt.datetime.fromisoformat(paused_at)
        if paused_at is not None and paused_at.tzinfo is None:
            # SQLite hands a raw query's timestamps back without their zone; they are UTC.
            day.game_clock_paused_at = paused_at.replace(tzinfo=dt.UTC)
    return day


def lock_day_for_end(day: Day) -> dt.datetime:
    """Take the day's row for its end and return the end's moment: the database's clock once the
    votes in flight (which share the row) have committed. Every vote counted for the day was
    recorded before this moment; every later one waits and finds the day closed."""
    Day.objects.select_for_update(no_key=True).filter(pk=day.pk).values_list("pk").first()
    return database_now()
