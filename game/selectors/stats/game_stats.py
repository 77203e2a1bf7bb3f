"""A game's statistics: posts, votes and actions of each player on each day, and how long
decisions took: the moderators' kill decisions and investigation answers (R11, R20), and each
night action from the night's start to its choice (C2-C4). Read once the review may be (the
counts of actions would tell roles while the game runs: R50). A fixed number of queries."""

from __future__ import annotations

import bisect
import datetime as dt
import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from game.models import (
    Day,
    Game,
    GamePhase,
    Investigation,
    Kill,
    MafiaPowerUse,
    NightAction,
    ShovelUse,
    Vote,
)
from game.selectors.stats import POST_TIMES

POSTS, VOTES, ACTIONS = "posts", "votes", "actions"


@dataclass(frozen=True)
class PlayerDay:
    player_id: int
    name: str
    day: int
    posts: int
    votes: int
    actions: int


@dataclass(frozen=True)
class Timing:
    """How long one kind of decision took, in minutes."""

    what: str
    count: int
    median_minutes: float
    mean_minutes: float
    longest_minutes: float


@dataclass(frozen=True)
class GameStats:
    game: Game
    days: list[int]
    rows: list[PlayerDay]
    timings: list[Timing]


def _timing(what: str, spans: Iterable[dt.timedelta]) -> Timing | None:
    minutes = [s.total_seconds() / 60 for s in spans if s is not None and s >= dt.timedelta(0)]
    if not minutes:
        return None
    return Timing(
        what,
        len(minutes),
        round(statistics.median(minutes), 1),
        round(statistics.fmean(minutes), 1),
        round(max(minutes), 1),
    )


def _day_starts(game: Game, phases: list[GamePhase]) -> tuple[list[dt.datetime], list[int]]:
    """When each day (with the night before it) began, to count posts in their day."""
    if phases:
        rows = sorted((p.started_at, p.number) for p in phases)
    else:
        rows = sorted(Day.objects.filter(game=game).values_list("started_at", "number"))
    return [at for at, _ in rows], [number for _, number in rows]


def _post_days(game: Game, phases: list[GamePhase]) -> Counter:
    starts, numbers = _day_starts(game, phases)
    counted: Counter = Counter()
    for reader in POST_TIMES:
        for player_id, at in reader(game):
            index = bisect.bisect_right(starts, at) - 1
            counted[(player_id, numbers[index] if index >= 0 else 0)] += 1
    return counted


def _action_days(game: Game) -> Counter:
    counted: Counter = Counter()
    for rows in (
        NightAction.objects.filter(game=game).values_list("actor_id", "night"),
        MafiaPowerUse.objects.filter(game=game, used_by__isnull=False).values_list(
            "used_by_id", "day"
        ),
        Investigation.objects.filter(game=game).values_list("asker_id", "day"),
        ShovelUse.objects.filter(game=game).values_list("player_id", "day"),
    ):
        counted.update(rows)
    return counted


def _timings(game: Game, phases: list[GamePhase]) -> list[Timing]:
    night_starts = {p.number: p.started_at for p in phases if p.is_night}
    by_action: dict[str, list[dt.timedelta]] = {}
    for action, night, at in NightAction.objects.filter(game=game).values_list(
        "action", "night", "submitted_at"
    ):
        if night in night_starts:
            by_action.setdefault(action, []).append(at - night_starts[night])
    found = [
        _timing(
            "A kill report, from its report to the moderators' decision (R11)",
            (
                d - r
                for r, d in Kill.objects.filter(game=game, decided_at__isnull=False).values_list(
                    "reported_at", "decided_at"
                )
            ),
        ),
        _timing(
            "An investigation, from its question to its answer (R20)",
            (
                s - r
                for r, s in Investigation.objects.filter(
                    game=game, sent_at__isnull=False
                ).values_list("requested_at", "sent_at")
            ),
        ),
        *(
            _timing(f"The night action “{action.replace('_', ' ')}”, from nightfall", spans)
            for action, spans in sorted(by_action.items())
        ),
    ]
    return [t for t in found if t is not None]


def game_stats(game: Game) -> GameStats:
    """For whoever may read the game's review (`can_see_review`): the caller checks."""
    players = dict(game.players.order_by("seat", "id").values_list("id", "name"))
    phases = list(GamePhase.objects.filter(game=game).only("code", "number", "started_at"))
    posts = _post_days(game, phases)
    votes = Counter(Vote.objects.filter(game=game).values_list("voter_id", "day"))
    actions = _action_days(game)
    days = sorted({day for _, day in (*posts, *votes, *actions)} | {0})
    rows = [
        PlayerDay(pk, name, day, posts[(pk, day)], votes[(pk, day)], actions[(pk, day)])
        for pk, name in players.items()
        for day in days
        if posts[(pk, day)] or votes[(pk, day)] or actions[(pk, day)]
    ]
    return GameStats(game, days, rows, _timings(game, phases))
