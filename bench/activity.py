"""What a benchmark's window of time costs: the database's transactions and the connections held
(PostgreSQL only), and a server's CPU share."""

from __future__ import annotations

import asyncio
import subprocess
import time

from django.db import connection, transaction

from bench.load import server_cpu_seconds


def database_activity() -> tuple[int, int] | None:
    """Transactions committed or rolled back in this database so far (each query outside a
    transaction is one), and the connections open to it besides this one; None on SQLite.
    Read in one transaction on a connection closed after it (so held by nobody)."""
    if connection.vendor != "postgresql":
        return None
    try:
        return _database_activity()
    finally:
        connection.close()


def _database_activity() -> tuple[int, int]:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database"
            " WHERE datname = current_database()"
        )
        (transactions,) = cursor.fetchone()
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        (connections,) = cursor.fetchone()
    return transactions, connections


async def window(server: subprocess.Popen | None, seconds: float, work=None) -> dict:
    """Database transactions (this process's own reads of them included: the window with
    nothing running shows their count), the server's CPU share and the connections held at
    the end, over `seconds` while `work` runs (or nothing)."""
    before = await asyncio.to_thread(database_activity)
    cpu = server_cpu_seconds(server) if server else 0.0
    started = time.perf_counter()
    result = await work if work else await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    after = await asyncio.to_thread(database_activity)
    figures = {"cpu": (server_cpu_seconds(server) - cpu) / elapsed if server else 0.0}
    if before and after:
        figures.update(transactions=after[0] - before[0], connections=after[1])
    return {**figures, "elapsed": elapsed, "result": result}
