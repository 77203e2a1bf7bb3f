"""Eight bots play a whole classic game against the app itself (pytest-django's live server and
the test database), through the JSON API only, as `make bots` plays each of its games."""

import random

import pytest

from bots.http_api import ModeratorApi
from bots.http_client import JsonClient
from bots.scores import MAFIA, VILLAGE
from bots.tournament import SEATS, play_game
from forums.models import BoardKind, Post
from game.models import Game, GameStatus
from game.services.lobby import games as lobby_games
from game.services.lobby.accounts import api_token_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def client(live_server, user) -> JsonClient:
    return JsonClient(live_server.url, api_token_create(user=user, name="bots")[1])


def test_eight_bots_play_a_classic_game_to_its_end_through_the_api(
    live_server, tmp_path, monkeypatch
):
    # The game's seed and the bots' draws are fixed (C8), so that one deal is played in every
    # run and it ends within a few days. With free draws some deals never end: a Randy who
    # says "I am the cop" first is the one the cautious mafiosi kill every night and the doctor
    # (a cop follower) guards every night, while the real cop is not believed and the day's few
    # votes never outnumber the missing ones ("no one", C5); after MAX_PHASES it is a draw.
    monkeypatch.setattr(lobby_games.secrets, "token_hex", lambda _: "classic-bots-2")
    moderator = ModeratorApi(client(live_server, UserFactory()))
    accounts = [client(live_server, UserFactory()) for _ in range(SEATS)]

    seats = play_game(
        moderator,
        accounts,
        0,
        rounds=1,
        rng=random.Random(2),
        work=tmp_path,
        bots_seed="classic-bots-2",
    )

    game = Game.objects.get()
    assert game.ruleset == "classic"
    assert game.status == GameStatus.FINISHED
    assert len(seats) == SEATS
    assert [seat.side for seat in seats].count(MAFIA) == SEATS // 3  # C7
    winners = {seat.side for seat in seats if seat.won}
    assert winners in ({VILLAGE}, {MAFIA})
    assert all(seat.won == (seat.side in winners) for seat in seats)
    names = {player.name for player in game.players.all()}
    for name in names:
        players_file = tmp_path / f"game-{game.pk}" / "players" / name / "players"
        assert set(players_file.read_text().split()) == names
    bot_posts = Post.objects.filter(
        thread__board__game=game, thread__board__kind=BoardKind.TOWN_SQUARE, as_moderator=False
    ).exclude(body__startswith="Talk of day")
    assert all(post.thread.title.startswith("Day ") for post in bot_posts)
