"""The day-end steps of R4 other than the end-of-day deaths: the execution (R5-R10), the items
of the dead (R10) and, registered in services.hooks, the win check."""

import datetime as dt
import random

from game.models import (
    Day,
    DayResult,
    Game,
    Item,
    KillRecord,
    Player,
    Visibility,
    Vote,
)
from game.rulesets.base import EXECUTED
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
from game.services.deaths import player_die
from game.services.log import log_append

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
    votes = (
        Vote.objects.filter(game=game, day=day.number)
        .order_by("cast_at", "id")
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


def execution(game: Game, day: Day, ended_at: dt.datetime) -> None:
    """Day-end step 1 (R4, R9, R10): count the votes recorded before the day's end, store the
    day's result and execute. The executed player's role is not revealed."""
    tally = day_tally(game, day, ended_at)
    DayResult.objects.create(
        game=game,
        day=day.number,
        totals={target_key(t): n for t, n in tally.totals.items()},
        counted=[[v.voter, target_key(v.target), v.weight, str(v.source)] for v in tally.counted],
        executed_id=tally.executed,
        reason=tally.reason,
        created_at=ended_at,
    )
    if tally.executed is None:
        log_append(
            game=game,
            kind="no_execution",
            text=f"Nobody was executed at the end of day {day.number} ({tally.reason}).",
            visibility=Visibility.PUBLIC,
            now=ended_at,
        )
        return
    executed = Player.objects.get(pk=tally.executed)
    log_append(
        game=game,
        kind="execution",
        text=f"{executed.name} was executed at the end of day {day.number} "
        f"with {tally.totals[tally.executed]} votes ({tally.reason}).",
        visibility=Visibility.PUBLIC,
        now=ended_at,
    )
    player_die(game=game, player=executed, at=ended_at, cause=EXECUTED.code, day=day.number)


def items_of_the_dead(game: Game, day: Day, ended_at: dt.datetime) -> None:
    """Day-end step 3 (R10): the items of everyone who died at this day end go, each, to a
    uniformly random living player, after all of the day end's deaths."""
    items = list(
        Item.objects.filter(
            game=game,
            destroyed_at__isnull=True,
            holder__alive=False,
            holder__died_at=ended_at,
            holder__death_day=day.number,
        ).select_related("holder")
    )
    if not items:
        return
    living = list(Player.objects.filter(game=game, alive=True).order_by("pk"))
    if not living:
        return
    rng = random.SystemRandom()
    received: dict[Player, list[Item]] = {}
    for item in items:
        receiver = rng.choice(living)
        received.setdefault(receiver, []).append(item)
        item.holder = receiver
    Item.objects.bulk_update(items, ["holder"])
    for receiver, given in received.items():
        names = ", ".join(item.get_kind_display() for item in given)
        log_append(
            game=game,
            kind="item_received",
            text=f"You received: {names} (items of a player who died at the end of day "
            f"{day.number}, R10).",
            visibility=Visibility.PLAYERS,
            recipients=[receiver],
            now=ended_at,
        )
    log_append(
        game=game,
        kind="items_redistributed",
        text=", ".join(f"{item} → {item.holder.name}" for item in items),
        visibility=Visibility.MODERATORS,
        now=ended_at,
    )
