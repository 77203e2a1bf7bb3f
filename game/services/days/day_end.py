"""The day-end steps of R4 other than the end-of-day deaths: the execution (R5-R10), the items
of the dead (R10) and, registered in services.hooks, the win check."""

import datetime as dt
import random

from game.models import (
    Day,
    DayResult,
    Game,
    Item,
    Player,
    Visibility,
)
from game.rulesets.base import EXECUTED
from game.services.killing.deaths import player_die
from game.services.log import log_append
from game.snapshots.votes import day_tally, target_key


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
