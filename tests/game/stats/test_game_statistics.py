"""A game's statistics: each player's votes and actions per day and the time decisions took,
shown with its review (never before the end: R50)."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.conftest import client_for
from tests.factories import UserFactory
from tests.game.classic.helpers import act, classic_game, end_phase
from tests.game.helpers import vote
from tests.game.kills_setup import town
from tests.game.review.helpers import finish

pytestmark = pytest.mark.django_db


def rows_of(page: str) -> dict[tuple[str, str], tuple[int, int, int]]:
    table = page.split('id="stats-players"', 1)[1].split("</table>", 1)[0]
    return {
        (name, day): (int(posts), int(votes), int(actions))
        for name, day, posts, votes, actions in re.findall(
            r"<tr><td>(\w+)</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td></tr>",
            table,
        )
    }


def test_a_games_statistics_count_votes_and_night_actions_and_time_the_night():
    game, p = classic_game(start=timezone.now())
    end_phase(game)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    act(game, p["cop"], p["maf1"])
    url = reverse("game_stats", args=[game.pk])
    assert client_for(p["cop"].user).get(url).status_code == 404
    end_phase(game)
    vote(game, p["vil2"], p["maf1"])
    vote(game, p["vil2"], p["maf2"])
    vote(game, p["cop"], p["maf1"])
    finish(game)
    page = client_for(p["vil2"].user).get(url).content.decode()
    rows = rows_of(page)
    assert rows[("vil2", "1")] == (0, 2, 0)
    assert rows[("cop", "1")] == (0, 1, 0)
    assert rows[("cop", "0")] == (0, 0, 1)
    assert rows[("maf1", "0")] == (0, 0, 1)
    assert ("vil3", "1") not in rows
    assert "The night action “kill”, from nightfall</td><td>2</td><td>5.0 min" in page
    assert client_for(UserFactory()).get(url).status_code == 404


def stats_queries(extra_townies: int) -> int:
    t = town(extra_townies)
    for voter in t.townies:
        vote(t.game, voter, t.mafia)
    finish(t.game)
    client = client_for(t.townies[0].user)
    url = reverse("game_stats", args=[t.game.pk])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_a_games_statistics_take_as_many_queries_for_a_big_game_as_for_a_small_one():
    assert stats_queries(2) == stats_queries(16)
