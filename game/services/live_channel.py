"""The live channel's sending side: what changed, for whom, after the writer's commit.

An event is a topic (`game-<id>`, `queue-<id>`, `thread-<id>`, `user-<id>`) and a kind (`post`,
`vote`, `phase` …), never content: a page that hears one fetches its fragment with its viewer's
own permissions, so the channel can leak nothing the page would not show. Each topic numbers its
own events (1, 2, 3 …): the numbers a stream sees count only what its viewer may hear, never
what happened elsewhere (R50, R51).

The events of one transaction are sent together once it commits, in one round trip (a day end's
thousands of events included); a rolled-back transaction sends nothing. Sending is best effort:
a channel that is down costs the pages their live update (they poll, and catch up when it is
back), never the write that committed.

Two stores carry the events (`LIVE_CHANNEL`): Redis (`live_redis`, production: numbered, kept
and published by one script) or the database (`live_database`, the embedded default of `make
run`: a table that each web process polls). Services of the game and of the forums publish, so
the sending side sits with the services' shared tools, below everything that receives."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.db import connection, transaction

logger = logging.getLogger(__name__)

# An access event (on the user's own topic) ends that user's open streams at once, so that each
# is checked anew on its reconnect: a death, a replacement, a group change (R51).
ACCESS = "access"


def channel() -> str:
    """ "redis", "database", or "" (no channel: pages poll)."""
    return settings.LIVE_CHANNEL


def enabled() -> bool:
    return bool(channel())


def publish(topic: str, kind: str) -> None:
    """Tell the open pages of `topic` that something of `kind` changed, once the caller's
    transaction commits (a rolled-back write tells nobody)."""
    if not enabled():
        return
    if not connection.in_atomic_block:
        send([(topic, kind)])
        return
    batch = _open_batch()
    batch.append((topic, kind))


def access_changed(user_ids: Iterable[int]) -> None:
    """What these users may read changed: their open streams end after the commit."""
    for user_id in sorted(set(user_ids)):
        publish(f"user-{user_id}", ACCESS)


def lives_changed(game_id: int, user_ids: Iterable[int | None]) -> None:
    """Players died (or, by an undo, came back) outside `players_die`: open pages show it and
    their users' streams are checked anew."""
    users = [user_id for user_id in user_ids if user_id is not None]
    if users:
        publish(f"game-{game_id}", "death")
        access_changed(users)


def _open_batch() -> list[tuple[str, str]]:
    """This transaction's list of events, sent by one callback once it commits. The callback
    is looked for among the transaction's own: a rolled-back savepoint that held it took it (and
    the events published there) away, so a new list starts."""
    current = getattr(connection, "_live_batch", None)
    if current is not None:
        batch, flush = current
        if any(registered is flush for _, registered, _ in connection.run_on_commit):
            return batch
    batch: list[tuple[str, str]] = []

    def flush() -> None:
        connection._live_batch = None
        send(batch)

    connection._live_batch = (batch, flush)
    transaction.on_commit(flush, robust=True)
    return batch


def send(events: list[tuple[str, str]]) -> list[int] | None:
    """Publish now (after a commit), in one round trip: each event's number on its topic, or
    None when the channel could not take them (logged)."""
    if not events or not enabled():
        return None
    try:
        if channel() == "database":
            from game.services.live_database import append
        else:
            from game.services.live_redis import append
        return append(events)
    except Exception:
        logger.warning("live: could not publish %d events", len(events), exc_info=True)
        return None
