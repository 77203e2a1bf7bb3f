"""The day's votes read from the database for the rules (R5-R9): the tally as it stands at a
moment, in a fixed number of queries, and the day a vote counts for."""

import datetime as dt

from game.models import Day, DayResult, Game, KillRecord, Player, Vote
from game.rulesets.live_action.day_clock import day_is_open
from game.rulesets.live_action.votes import (
    NO_EXECUTION,
    Ballot,
    Condition,
    DayTally,
    DayVotes,
    Target,
    latest_ballots,
    tally_day,
)

NO_EXECUTION_KEY = DayResult.NO_EXECUTION_KEY


def target_key(target: Target) -> str:
    return NO_EXECUTION_KEY if target is NO_EXECUTION else str(target)


def target_from_key(key: str) -> Target:
    return NO_EXECUTION if key == NO_EXECUTION_KEY else int(key)


def ballot_of(vote: dict) -> Ballot:
    target = NO_EXECUTION if vote["target_id"] is None else vote["target_id"]
    condition = Condition(vote["condition"]) if vote["condition"] else None
    return Ballot(
        voter=vote["voter_id"],
        target=target,
        fallback=vote["fallback_id"] if condition else None,
        condition=condition,
        cast_at=vote["cast_at"],
    )


def day_tally(game: Game, day: Day, at: dt.datetime) -> DayTally:
    """The tally of `day` as it stands at `at` (R5-R9), in four queries whatever the size of the
    game: living players, the day's votes, kill announcements, earlier days' stored totals."""
    living = list(
        Player.objects.filter(game=game, alive=True).values_list("pk", "mayor_since").order_by()
    )
    # "Latest" is the order of recording, the votes' id sequence: one counter in the database,
    # whatever the clocks of the hosts that recorded them (R5).
    votes = (
        Vote.objects.filter(game=game, day=day.number)
        .order_by("id")
        .values("voter_id", "target_id", "fallback_id", "condition", "cast_at")
    )
    announced = KillRecord.objects.filter(
        game=game, announced_at__gt=day.started_at, announced_at__lte=at
    ).values_list("announced_at", flat=True)
    earlier = {
        number: {target_from_key(k): v for k, v in totals.items()}
        for number, totals in DayResult.objects.filter(game=game, day__lt=day.number).values_list(
            "day", "totals"
        )
    }
    mayors = [pk for pk, since in living if since is not None]
    day_votes = DayVotes(
        day=day.number,
        living=frozenset(pk for pk, _ in living),
        ballots=latest_ballots(ballot_of(v) for v in votes),
        mayor=mayors[0] if mayors else None,
        kills_announced_at=tuple(announced),
    )
    return tally_day(day_votes, earlier)


def vote_day(day: Day, now: dt.datetime, paused_at: dt.datetime | None) -> int:
    """The day a vote recorded at `now` (the database's clock) counts for: the latest day while
    it is open, the next one once it is over (R1, R5), the clock's pause included."""
    open_now = day_is_open(
        ends_at=day.ends_at, closed=day.ended_at is not None, now=now, paused_at=paused_at
    )
    return day.number if open_now else day.number + 1
