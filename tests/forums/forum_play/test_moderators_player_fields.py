"""The moderators' replacement and modkill on the vote count page pick the player by name (a
field that searches as one types, `mod_player_search`) instead of two lists of every living
player: the moderators' part of the page does not grow with the players."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.models import Player, User
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.forums.forum_play.helpers import forum_game

pytestmark = pytest.mark.django_db


def forum_game_of(size: int):
    """`forum_game`'s eight and villagers named "extra 000"... up to `size` players."""
    game, p = forum_game(majority_ends_day=False)
    users = User.objects.bulk_create(User(username=f"f{game.pk}-{i}") for i in range(size - 8))
    Player.objects.bulk_create(
        Player(game=game, user=user, name=f"extra {i:03}", role="villager")
        for i, user in enumerate(users)
    )
    return game, p


def page(user, game) -> tuple[str, int]:
    client = client_for(user)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("forums:forum_day", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def test_the_moderators_part_of_the_vote_count_page_does_not_grow_with_the_players():
    # The page's table of posts per day has a row per player for everyone; what the moderators
    # see beyond a player's page stays the same.
    extra, queries = [], []
    for size in (100, 300):
        game, p = forum_game_of(size)
        moderators, count = page(moderator_of(game), game)
        players, _ = page(p["cop"].user, game)
        assert 'id="id_modkill_player"' in moderators and "<option" not in moderators
        extra.append(len(moderators) - len(players))
        queries.append(count)
    assert queries[0] == queries[1], queries
    assert abs(extra[1] - extra[0]) < 20, extra


def test_a_player_is_replaced_and_modkilled_by_the_name_picked_and_a_name_alone_is_refused():
    game, p = forum_game()
    client = client_for(moderator_of(game))
    sub = UserFactory()
    replace = reverse("forums:forum_day_action", args=[game.pk, "replace"])
    refused = client.post(replace, {"player": "doc", "substitute": sub.username})
    assert refused.status_code == 422
    assert "That player is not in this game." in refused.content.decode()
    picked = f"doc #{p['doc'].pk}"
    assert client.post(replace, {"player": picked, "substitute": sub.username}).status_code == 302
    p["doc"].refresh_from_db()
    assert p["doc"].user_id == sub.pk

    modkill = reverse("forums:forum_day_action", args=[game.pk, "modkill"])
    picked = f"vil2 #{p['vil2'].pk}"
    assert client.post(modkill, {"player": picked, "reason": "Gone"}).status_code == 302
    p["vil2"].refresh_from_db()
    assert not p["vil2"].alive
