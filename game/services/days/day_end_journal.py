"""What a day end changed, recorded so that moderators can undo it (day_end_undo).

Taken as a difference of the state before and after the day end, in a fixed number of queries,
so it records whatever the registered steps do to players' lives, items, due events and the
game's status, including steps added by later features."""

import datetime as dt
from dataclasses import dataclass

from django.db.models import Max

from game.models import Day, DayEndRecord, DueEvent, Game, Item, Player


@dataclass(frozen=True)
class DayEndSnapshot:
    living: frozenset[int]
    holders: dict[int, int | None]
    pending_events: frozenset[int]
    last_event_id: int
    status: str
    winner: str
    finished_at: str | None


def _pending(game: Game) -> frozenset[int]:
    return frozenset(
        DueEvent.objects.filter(
            game=game, done_at__isnull=True, cancelled_at__isnull=True
        ).values_list("pk", flat=True)
    )


def day_end_snapshot(game: Game) -> DayEndSnapshot:
    return DayEndSnapshot(
        living=frozenset(Player.objects.filter(game=game, alive=True).values_list("pk", flat=True)),
        holders=dict(
            Item.objects.filter(game=game, destroyed_at__isnull=True).values_list("pk", "holder_id")
        ),
        pending_events=_pending(game),
        last_event_id=DueEvent.objects.filter(game=game).aggregate(m=Max("pk"))["m"] or 0,
        status=game.status,
        winner=game.winner,
        finished_at=game.finished_at.isoformat() if game.finished_at else None,
    )


def day_end_record_write(
    *, game: Game, day: Day, before: DayEndSnapshot, now: dt.datetime
) -> DayEndRecord:
    living = frozenset(Player.objects.filter(game=game, alive=True).values_list("pk", flat=True))
    holders = dict(
        Item.objects.filter(game=game, pk__in=before.holders).values_list("pk", "holder_id")
    )
    left = before.pending_events - _pending(game)
    finished = list(
        DueEvent.objects.filter(pk__in=left, cancelled_at__isnull=True).values_list("pk", flat=True)
    )
    changes = {
        "died": sorted(before.living - living),
        "items": [[pk, old] for pk, old in before.holders.items() if holders.get(pk) != old],
        "events_finished": sorted(finished),
        "events_cancelled": sorted(left - set(finished)),
        "events_created": list(
            DueEvent.objects.filter(game=game, pk__gt=before.last_event_id).values_list(
                "pk", flat=True
            )
        ),
        "game": {
            "status": before.status,
            "winner": before.winner,
            "finished_at": before.finished_at,
        },
    }
    return DayEndRecord.objects.create(
        game=game, day=day.number, ended_at=day.ended_at, processed_at=now, changes=changes
    )
