"""A classic game (seed 002) played in the forum's threads, through the services."""

import datetime as dt

from django.test import TestCase
from django.utils import timezone

from forums.models import BoardKind, PhaseThread, Post, Thread
from forums.services.posts import post_create
from game.models import Game, Player
from game.rulesets.phases import DAY
from tests.game.classic.helpers import classic_game, end_phase, phase_now

FORUM = {
    "votes_in_posts": True,
    "majority_ends_day": True,
    "phase_threads": True,
    "last_wills": "all",
}


def forum_game(**settings) -> tuple[Game, dict[str, Player]]:
    """A classic game of eight, on day 1 (day 0 and night 0 ended, nobody killed)."""
    game, players = classic_game(**{**FORUM, **settings})
    end_phase(game)
    end_phase(game)
    assert (game.current_phase, game.current_day) == (DAY, 1)
    return game, players


def forum_game_now(**settings) -> tuple[Game, dict[str, Player]]:
    """`forum_game`, its day 1 open now by the real clock (half an hour left), for requests."""
    start = timezone.now() - dt.timedelta(minutes=150)
    return forum_game(start=start, phase_minutes=60, **settings)


def day_thread(game: Game, number: int | None = None) -> Thread:
    number = game.current_day if number is None else number
    return PhaseThread.objects.get(game=game, code=DAY, number=number).thread


def town_thread(game: Game) -> Thread:
    """A Town Square thread that is no phase's."""
    return (
        Thread.objects.filter(board__game=game, board__kind=BoardKind.TOWN_SQUARE)
        .exclude(pk__in=PhaseThread.objects.values("thread_id"))
        .first()
    )


def at(game: Game, minutes: int = 5) -> dt.datetime:
    return phase_now(game).started_at + dt.timedelta(minutes=minutes)


def say(player: Player, body: str, *, thread: Thread | None = None, when=None) -> Post:
    """`player` posts `body` (in the day's thread by default); what follows the vote's commit
    (the hammer, the vote count) runs as it would after the request."""
    game = player.game
    thread = thread or day_thread(game)
    with TestCase.captureOnCommitCallbacks(execute=True):
        post = post_create(thread_id=thread.pk, by=player.user, body=body, now=when or at(game))
    return Post.objects.select_related("post_vote").get(pk=post.pk)
