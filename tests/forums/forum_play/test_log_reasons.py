"""The log API gives the moderators the reason of a modkill, as the log page does; players read
the entry without it (docs/forum-play.md)."""

import pytest

from game.services.lobby.replacements import player_modkill
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.forums.forum_play.helpers import at, forum_game

pytestmark = pytest.mark.django_db


def modkill_entry(user, game) -> dict:
    response = client_for(user).get(f"/api/v1/games/{game.pk}/log")
    assert response.status_code == 200
    [entry] = [e for e in response.json() if e["kind"] == "modkill"]
    return entry


def test_the_log_api_returns_a_modkills_reason_to_the_moderators_only():
    game, p = forum_game()
    player_modkill(
        game_id=game.pk,
        by=moderator_of(game),
        player_id=p["vil3"].pk,
        reason="Left the site for a week",
        now=at(game),
    )
    assert modkill_entry(moderator_of(game), game)["reason"] == "Left the site for a week"
    seen_by_player = modkill_entry(p["vil1"].user, game)
    assert seen_by_player["reason"] is None
    assert "vil3 was removed from the game by the moderators" in seen_by_player["text"]
