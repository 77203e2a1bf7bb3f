"""A spectator's streams (docs/spectators.md): the watched game's public topic, never its
moderators' queue nor another game's; closing the game to spectators, or stopping to watch,
ends the stream at once, and its reconnect is refused."""

from __future__ import annotations

import pytest
from django.utils import timezone

from game.services.lobby.games import game_settings_update
from game.services.lobby.spectators import spectate_stop
from tests.factories import UserFactory, moderator_of, running_game
from tests.forums.helpers import watched_by
from tests.live.streams import open_stream
from tests.live.test_access import ends

pytestmark = pytest.mark.postgres_only


@pytest.fixture
def watched(asgi_server):
    game, _ = running_game(4)
    other, _ = running_game(2)
    watcher, other_game_watcher = UserFactory(), UserFactory()
    watched_by(game, watcher)
    watched_by(other, other_game_watcher)
    return game, watcher, other_game_watcher


@pytest.mark.parametrize(
    "who, topics, status",
    [
        ("watcher", "game-{game}", 200),
        ("watcher", "game-{game},user-{watcher}", 200),
        ("watcher", "queue-{game}", 404),
        ("watcher", "game-{game},queue-{game}", 404),
        ("other_game_watcher", "game-{game}", 404),
    ],
)
def test_a_spectator_hears_the_watched_game_s_public_topic_alone(
    asgi_server, watched, who, topics, status
):
    game, watcher, other_game_watcher = watched
    user = {"watcher": watcher, "other_game_watcher": other_game_watcher}[who]
    stream = open_stream(asgi_server, user, topics.format(game=game.pk, watcher=watcher.pk))
    assert stream.status == status
    stream.close()


def test_closing_the_game_to_spectators_ends_their_streams(asgi_server, watched):
    game, watcher, _ = watched
    stream = open_stream(asgi_server, watcher, f"game-{game.pk}")
    assert stream.status == 200
    game_settings_update(
        game_id=game.pk, by=moderator_of(game), now=timezone.now(), spectators_allowed=False
    )
    assert ends(stream)
    assert open_stream(asgi_server, watcher, f"game-{game.pk}").status == 404


def test_stopping_to_watch_ends_the_stream(asgi_server, watched):
    game, watcher, _ = watched
    stream = open_stream(asgi_server, watcher, f"game-{game.pk}")
    assert stream.status == 200
    spectate_stop(game_id=game.pk, by=watcher, now=timezone.now())
    assert ends(stream)
    assert open_stream(asgi_server, watcher, f"game-{game.pk}").status == 404
