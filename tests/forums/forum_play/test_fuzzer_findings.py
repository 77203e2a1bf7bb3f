"""Server errors the fuzzer found in the forum game's operations and the phase end: each now
answers with a status and a message, and changes nothing."""

import json

import pytest

from game.models import LogEntry
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of, running_game
from tests.game.classic.helpers import classic_game

pytestmark = pytest.mark.django_db


def post(user, url, body=None):
    return client_for(user).post(url, json.dumps(body or {}), content_type="application/json")


def test_a_vote_count_for_a_game_that_does_not_exist_is_not_found():
    response = post(UserFactory(), "/api/v1/forums/games/981616208193/vote-count")
    assert response.status_code == 404


def test_a_modkill_in_a_live_action_game_posts_no_phase_thread_and_answers():
    game, players = running_game(5)
    response = post(
        moderator_of(game),
        f"/api/v1/forums/games/{game.pk}/modkills",
        {"player_id": players[1].pk, "reason": "Left campus"},
    )
    assert response.status_code < 500


def test_ending_a_phase_by_a_name_the_rule_set_lacks_is_refused_with_a_message():
    game, _ = classic_game()
    before = LogEntry.objects.filter(game=game).count()
    response = post(
        moderator_of(game), f"/api/v1/games/{game.pk}/phase/end", {"code": "dusk", "number": 0}
    )
    assert response.status_code == 400
    assert "no phase named 'dusk'" in response.json()["detail"]
    assert LogEntry.objects.filter(game=game).count() == before
