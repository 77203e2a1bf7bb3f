"""The Chiang Mai pages take the same number of queries at 7 and 14 players (the story is
replayed from two reads, whatever the table's size)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import client_for
from tests.factories import moderator_of
from tests.game.chiang_mai.helpers import dealt_table, enter

pytestmark = pytest.mark.django_db


def counts(size: int) -> dict[str, int]:
    game, players = dealt_table(size, phones=2)
    enter(game, kind="next")
    enter(game, kind="call", target=players[0].pk)
    phone = next(p for p in players if p.user.is_active)
    pages = {
        "host": (moderator_of(game), f"/games/{game.pk}/chiang-mai/host/"),
        "hand": (phone.user, f"/games/{game.pk}/chiang-mai/"),
        "screen": (phone.user, f"/games/{game.pk}/chiang-mai/screen/"),
        "api": (moderator_of(game), f"/api/v1/games/{game.pk}/chiang-mai"),
    }
    found = {}
    for name, (user, url) in pages.items():
        client = client_for(user)
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        found[name] = len(queries)
    return found


def test_the_pages_take_the_same_queries_at_7_and_14_players():
    assert counts(7) == counts(14)
