"""The live channel in the database (the embedded default, `make run`: no server to install).
A batch of events is numbered on its topics and stored in one short transaction, under a lock
that keeps the table's order the order of commits (PostgreSQL: an advisory lock; SQLite
serializes writers anyway); each web process polls the table (live.sources) and fans the new
rows out in memory. Old rows are pruned as new ones come."""

from __future__ import annotations

import time

from django.db import connection, transaction

from game.models import LiveEvent, LiveTopic

# Rows kept for reconnects, all topics together.
KEPT_EVENTS = 5000
PRUNE_EVERY = 200
_LOCK = 0x6C697665  # "live"


def append(events: list[tuple[str, str]]) -> list[int]:
    now_ms = int(time.time() * 1000)
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK])
        names = sorted({topic for topic, _ in events})
        last = dict(LiveTopic.objects.filter(name__in=names).values_list("name", "last"))
        rows, ids = [], []
        for topic, kind in events:
            last[topic] = last.get(topic, 0) + 1
            ids.append(last[topic])
            rows.append(LiveEvent(topic=topic, number=last[topic], kind=kind, at_ms=now_ms))
        LiveTopic.objects.bulk_create(
            [LiveTopic(name=name, last=last[name]) for name in names],
            update_conflicts=True,
            unique_fields=["name"],
            update_fields=["last"],
        )
        created = LiveEvent.objects.bulk_create(rows)
        newest = created[-1].pk if created and created[-1].pk else None
        if newest is not None and newest % PRUNE_EVERY < len(rows):
            LiveEvent.objects.filter(pk__lte=newest - KEPT_EVENTS).delete()
    return ids
