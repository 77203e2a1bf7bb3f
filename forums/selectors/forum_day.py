"""The live vote count page of a game played in the threads (docs/forum-play.md): the open
day's vote count as the app posts it, and each player's Town Square posts per day, which forum
hosts watch. A fixed number of queries whatever the number of players and posts."""

import datetime as dt
from dataclasses import dataclass

from django.http import Http404

from forums.access import ForumViewer, can_read_forum_day
from forums.models import BoardKind, Post, PostKind
from game.models import GamePhase, GameStatus
from game.rulesets.phases import DAY
from game.snapshots.forum_day import day_votes, vote_count_of


@dataclass(frozen=True)
class ActivityRow:
    player_id: int
    name: str
    alive: bool
    posts: list[int]


@dataclass(frozen=True)
class ForumDayPage:
    vote_count: str
    days: list[int]
    activity: list[ActivityRow]


def forum_day_page(fv: ForumViewer, now: dt.datetime) -> ForumDayPage:
    """Who reads Town Square reads the count and the activity, in a game whose day may be
    played in the threads (`DaySpec.in_threads`); others get 404."""
    game = fv.game
    if not can_read_forum_day(fv):
        raise Http404("No such page.")
    days = list(
        GamePhase.objects.filter(game=game, code=DAY)
        .order_by("number")
        .values_list("number", "started_at", "ended_at")
    )
    open_day = next((d for d in days if d[2] is None), None)
    vote_count = ""
    if game.status == GameStatus.RUNNING and open_day is not None and open_day[0] > 0:
        phase = GamePhase.objects.get(game=game, code=DAY, number=open_day[0])
        vote_count = vote_count_of(game, phase, day_votes(game, phase.number), now)
    players = list(game.players.values_list("pk", "name", "alive").order_by("name"))
    counts = {pk: [0] * len(days) for pk, _, _ in players}
    for author, created in Post.objects.filter(
        thread__board__game=game,
        thread__board__kind=BoardKind.TOWN_SQUARE,
        kind=PostKind.POST,
        author_player__isnull=False,
    ).values_list("author_player_id", "created_at"):
        for index, (_, started, ended) in enumerate(days):
            if started <= created and (ended is None or created < ended):
                counts[author][index] += 1
                break
    return ForumDayPage(
        vote_count=vote_count,
        days=[number for number, _, _ in days],
        activity=[ActivityRow(pk, name, alive, counts[pk]) for pk, name, alive in players],
    )
