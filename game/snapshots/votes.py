"""A day's votes read from the database for the rules, in a fixed number of queries whatever
the size of the game: the ballots as they stand at a moment (`day_ballots`, every rule set's
count reads them) and the live-action tally of R5-R9 built from them."""

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from game.models import Day, DayResult, Game, KillRecord, Player, Vote
from game.rulesets.day_counts import CastVote, DayBallots, Key
from game.rulesets.days import one_vote
from game.rulesets.live_action.day import tally_of
from game.rulesets.live_action.votes import NO_EXECUTION, DayTally, Target
from game.snapshots.forum_day import WITHDRAWN

NO_EXECUTION_KEY = DayResult.NO_EXECUTION_KEY


def target_key(target: Target | None) -> str:
    """How a target is stored in a day's totals: its id, or the key of no one."""
    return NO_EXECUTION_KEY if target is NO_EXECUTION or target is None else str(target)


def key_of(stored: str) -> Key:
    return None if stored == NO_EXECUTION_KEY else int(stored)


def day_ballots(
    game: Game,
    day: Day,
    at: dt.datetime,
    weight: Callable[[Mapping[str, Any]], int] = one_vote,
) -> DayBallots:
    """The votes of `day` as they stand at `at`, in four queries: the living with their weights
    and the mayor (R8), the day's votes in the order recorded (R5: "latest" is the votes' id
    sequence, one counter in the database whatever the clocks of the hosts that recorded
    them), the kills announced that day (R7) and the earlier days' stored totals (R9)."""
    living = list(
        Player.objects.filter(game=game, alive=True)
        .values_list("pk", "mayor_since", "state")
        .order_by()
    )
    columns = ("voter_id", "target_id", "cast_at", "fallback_id", "condition", "split", "note")
    votes = Vote.objects.filter(game=game, day=day.number).order_by("id").values_list(*columns)
    announced = KillRecord.objects.filter(
        game=game, announced_at__gt=day.started_at, announced_at__lte=at
    ).values_list("announced_at", flat=True)
    earlier = {
        number: {key_of(k): v for k, v in totals.items()}
        for number, totals in DayResult.objects.filter(game=game, day__lt=day.number).values_list(
            "day", "totals"
        )
    }
    mayors = [pk for pk, since, _ in living if since is not None]
    return DayBallots(
        day=day.number,
        weights={pk: weight(state or {}) for pk, _, state in living},
        votes=tuple(
            CastVote(
                voter,
                target,
                cast_at,
                fallback,
                condition,
                {int(pk): n for pk, n in (split or {}).items()},
                withdrawn=target is None and note == WITHDRAWN,
            )
            for voter, target, cast_at, fallback, condition, split, note in votes
        ),
        mayor=mayors[0] if mayors else None,
        kills_announced_at=tuple(announced),
        earlier_totals=earlier,
    )


def day_tally(game: Game, day: Day, at: dt.datetime) -> DayTally:
    """The live-action tally of `day` as it stands at `at` (R5-R9), in four queries."""
    return tally_of(day_ballots(game, day, at))
