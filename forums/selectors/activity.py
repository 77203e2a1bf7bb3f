"""The moderators' activity overview of a forum game (docs/forum-play.md): for each player,
their Town Square posts and words per day, when they last posted anywhere in the game, how far
their prods have gone, their vacation, and how many times their user was replaced in other
games. Six queries whatever the number of players and posts."""

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, Max
from django.http import Http404

from forums.access import ForumViewer, can_moderate_posts, can_read_forum_day
from forums.models import BoardKind, Post, PostKind, ProdStep, Replacement, SlotActivity
from game.models import GamePhase
from game.rulesets.phases import DAY


@dataclass(frozen=True)
class DayActivity:
    posts: int
    words: int


@dataclass(frozen=True)
class PlayerActivity:
    player_id: int
    name: str
    alive: bool
    days: list[DayActivity]
    last_seen: dt.datetime | None
    prods: str
    away_until: dt.datetime | None
    replaced_before: int


@dataclass(frozen=True)
class ActivityOverview:
    days: list[int]
    players: list[PlayerActivity]
    requests: list[PlayerActivity]


def activity_overview(fv: ForumViewer) -> ActivityOverview:
    if not (can_moderate_posts(fv) and can_read_forum_day(fv)):
        raise Http404("No such page.")
    game = fv.game
    days = list(
        GamePhase.objects.filter(game=game, code=DAY, number__gt=0)
        .order_by("number")
        .values_list("number", "started_at", "ended_at")
    )
    players = list(game.players.values_list("pk", "name", "alive", "user_id").order_by("name"))
    tally = _town_square_days(game, days, {pk for pk, *_ in players})
    seen = dict(
        Post.objects.filter(thread__board__game=game, author_player__isnull=False)
        .values("author_player_id")
        .annotate(last=Max("created_at"))
        .values_list("author_player_id", "last")
    )
    slots = {s.player_id: s for s in SlotActivity.objects.filter(game=game)}
    replaced = dict(
        Replacement.objects.filter(replaced_user_id__in=[u for *_, u in players])
        .exclude(game=game)
        .values("replaced_user_id")
        .annotate(n=Count("id"))
        .values_list("replaced_user_id", "n")
    )
    rows = [
        PlayerActivity(
            player_id=pk,
            name=name,
            alive=alive,
            days=[DayActivity(*pair) for pair in tally[pk]],
            last_seen=seen.get(pk),
            prods=ProdStep(slots[pk].step).label if pk in slots else ProdStep.NONE.label,
            away_until=slots[pk].away_until if pk in slots else None,
            replaced_before=replaced.get(user_id, 0),
        )
        for pk, name, alive, user_id in players
    ]
    requested = ProdStep.REPLACEMENT_REQUESTED.label
    return ActivityOverview(
        days=[number for number, _, _ in days],
        players=rows,
        requests=[r for r in rows if r.alive and r.prods == requested],
    )


def _town_square_days(game, days: list, player_ids: set[int]) -> dict[int, list[list[int]]]:
    """Each player's [posts, words] in Town Square per day, one query."""
    tally = {pk: [[0, 0] for _ in days] for pk in player_ids}
    posts = Post.objects.filter(
        thread__board__game=game,
        thread__board__kind=BoardKind.TOWN_SQUARE,
        kind=PostKind.POST,
        author_player__isnull=False,
        deleted_at__isnull=True,
    ).values_list("author_player_id", "created_at", "body")
    for author, created, body in posts:
        for index, (_, started, ended) in enumerate(days):
            if started <= created and (ended is None or created < ended) and author in tally:
                tally[author][index][0] += 1
                tally[author][index][1] += len(body.split())
                break
    return tally
