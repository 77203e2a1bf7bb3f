"""Refusals a screen reader can use: the summary is an alert, an empty post is tied to its
textarea, and a vote for a dead player names them instead of an internal number (R5)."""

import json
import re

import pytest

from game.models import Player
from tests.conftest import client_for
from tests.factories import running_game
from tests.game.helpers import current_day

pytestmark = pytest.mark.django_db


def refusal_data(html: str) -> dict:
    found = re.search(r'<script id="refusal" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the refused page carries its refusal"
    return json.loads(found.group(1))


def test_a_vote_for_a_dead_player_names_them_in_an_alert():
    game, (_m, voter, dead, _c, _d) = running_game(5)
    Player.objects.filter(pk=dead.pk).update(alive=False)
    response = client_for(voter.user).post(
        f"/games/{game.pk}/vote/", {"day": current_day(game).number, "target": dead.pk}
    )
    html = response.content.decode()
    assert 'id="error-summary" role="alert"' in html
    assert f"{dead.name} is dead or out of the game: vote for a living player (R5)." in html
    assert f"{dead.pk} is not one of the available choices" not in html


def test_an_empty_post_is_refused_about_its_textarea():
    game, (_m, player, *_rest) = running_game(4)
    response = client_for(player.user).post(
        f"/forums/games/{game.pk}/town_square/", {"title": "Hello", "body": "  "}
    )
    errors = refusal_data(response.content.decode())["errors"]
    assert [(e["field"], e["message"]) for e in errors] == [("body", "Write something first.")]
