"""Seed 002's bots play a classic game whose day is played in the threads (docs/forum-play.md:
phase threads, votes in posts, last wills): their sayings are posts in
the day's thread, their votes still go through the vote operation, and the game ends."""

import random

import pytest

from bots.http_api import ModeratorApi
from bots.tournament import SEATS, play_game
from forums.models import BoardKind, PhaseThread, Post
from game.models import Game, GameStatus
from game.services.lobby import games as lobby_games
from tests.bots.test_bots_play_the_app import client
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

# The hammer and vote counts run in a transaction of their own after a vote: the live server's
# in-memory SQLite refuses concurrent writers at once instead of waiting, so they are tested on
# their own (tests/forums/forum_play), PostgreSQL's concurrency included.
FORUM = {"votes_in_posts": True, "phase_threads": True, "last_wills": "all"}


class ForumModeratorApi(ModeratorApi):
    def game_create(self, name: str) -> int:
        body = {"name": name, "ruleset": "classic", "phase_minutes": 60 * 24, **FORUM}
        return self.client.post("/games", body)["id"]


def test_eight_bots_play_a_forum_game_in_the_phase_threads(live_server, tmp_path, monkeypatch):
    # The game's seed and the bots' draws are fixed (C8), so that one deal is played in every
    # run and the game reaches its end within the tournament's phase limit; with these draws
    # Randy3 says "Yes" on day 0, whatever order the bots act in, so that the day's thread has
    # a saying in every run.
    monkeypatch.setattr(lobby_games.secrets, "token_hex", lambda _: "forum-bots-seed")
    moderator = ForumModeratorApi(client(live_server, UserFactory()))
    accounts = [client(live_server, UserFactory()) for _ in range(SEATS)]

    seats = play_game(
        moderator,
        accounts,
        0,
        rounds=1,
        rng=random.Random(2),
        work=tmp_path,
        bots_seed="forum-bots-2",
    )

    game = Game.objects.get()
    assert game.votes_in_posts and game.phase_threads
    assert game.status == GameStatus.FINISHED
    assert len(seats) == SEATS
    phase_threads = set(PhaseThread.objects.filter(game=game).values_list("thread_id", flat=True))
    bot_posts = Post.objects.filter(
        thread__board__game=game, thread__board__kind=BoardKind.TOWN_SQUARE, as_moderator=False
    )
    assert bot_posts.exists()
    assert all(post.thread_id in phase_threads for post in bot_posts)
