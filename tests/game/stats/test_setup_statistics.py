"""A setup's page counts wins per side over its finished games, with their Wilson interval;
games of another setup or still running do not count. Its query count does not grow."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.selectors.stats.setups import setup_hash_of
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.game.classic.helpers import classic_game
from tests.game.kills_setup import town
from tests.game.review.helpers import finish

pytestmark = pytest.mark.django_db


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_the_setup_page_counts_wins_per_side_over_finished_games_with_an_interval():
    games = [classic_game()[0] for _ in range(4)]
    for game, winner in zip(games, ("village", "village", "mafia"), strict=False):
        finish(game, winner=winner)
    other = town().game
    finish(other, winner="town")
    setup = setup_hash_of(games[0])
    assert setup == setup_hash_of(games[1]) != setup_hash_of(other)
    client = client_for(UserFactory())
    text = text_of(client.get(reverse("setup_detail", args=[setup])).content.decode())
    assert "3 finished games" in text
    assert "Village 2 of 3 (67%; 95% interval 21–94%)" in text
    assert "Mafia 1 of 3 (33%; 95% interval 6–79%)" in text
    # each game has 2 mafiosi: 2 of 6 mafioso players won
    assert "Mafioso 2 of 6 (33%" in text
    listing = text_of(client.get(reverse("setup_list")).content.decode())
    assert f"{setup} · Classic" in listing or setup in listing
    assert client.get(reverse("setup_detail", args=["0" * 12])).status_code == 404


def setup_list_queries(games: int) -> int:
    for _ in range(games):
        finish(classic_game()[0], winner="village")
    client = client_for(UserFactory())
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("setup_list")).status_code == 200
    return len(queries)


def test_the_setup_lists_query_count_does_not_grow_with_games():
    assert setup_list_queries(1) == setup_list_queries(3)
