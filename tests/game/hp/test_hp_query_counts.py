"""An HP round's page and API read a fixed number of queries, whatever the number of players or
the length of the log (the project's standard)."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.services.hp.solo import hp_solo_create
from tests.conftest import client_for

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 26, 1, 0, tzinfo=dt.UTC)


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_round_page_and_api_count_the_same_queries_at_5_and_20_players(user):
    client = client_for(user)
    small = hp_solo_create(user=user, players=5, role="healer", now=NOW)
    large = hp_solo_create(user=user, players=20, role="healer", now=NOW)
    page = [queries(client, reverse("hp_game", args=[game.pk])) for game in (small, large)]
    api = [queries(client, f"/api/v1/games/{game.pk}/hp") for game in (small, large)]
    assert page[0] == page[1]
    assert api[0] == api[1]
