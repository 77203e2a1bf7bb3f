"""The live-action mafia powers are not in the classic rule set: asking for one in a classic game
is refused with a message and changes nothing, for the mafioso and for the moderator's override
(found by the API fuzzer: a hitman hire answered 500)."""

import json

import pytest

from game.models import MafiaPowerUse
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.game.classic.helpers import classic_game

pytestmark = pytest.mark.django_db

POWERS = [
    ("poison", {"victim_id": "vil1", "reason": "x"}),
    ("conscript", {"target_id": "vil1", "reason": "x"}),
    ("trap", {"power": "trap", "target_id": "vil1", "guessed_role": "cop", "reason": "x"}),
    ("hitman", {"hitman_name": "Hank", "reason": "x"}),
    ("stalk", {"target_id": "vil1", "reason": "x"}),
    ("frame", {"suspect_id": "vil1", "victim_id": "vil2"}),
    ("plant-evidence", {"target_id": "vil1", "role": "cop", "alignment": "village"}),
    ("don", {"don_id": "maf1"}),
    ("record", {"power": "hitman", "target_id": None, "note": "x"}),
]


@pytest.mark.parametrize("as_moderator", [False, True], ids=["mafioso", "moderator"])
@pytest.mark.parametrize(("path", "body"), POWERS, ids=[path for path, _ in POWERS])
def test_a_mafia_power_the_rule_set_lacks_is_refused(path, body, as_moderator):
    game, players = classic_game()
    user = moderator_of(game) if as_moderator else players["maf1"].user
    body = {k: players[v].pk if v in players else v for k, v in body.items()}
    response = client_for(user).post(
        f"/api/v1/games/{game.pk}/mafia/{path}", json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (400, 403, 404, 422), response.content
    assert "detail" in response.json()
    assert not MafiaPowerUse.objects.filter(game=game).exists()


PAGE_POWERS = [
    ("poison", {"victim": "vil1", "reason": "x"}),
    ("conscript", {"target": "vil1", "reason": "x"}),
    ("trap", {"power": "trap", "target": "vil1", "guessed_role": "cop", "reason": "x"}),
    ("hitman", {"hitman_name": "Hank", "reason": "x"}),
    ("stalk", {"target": "vil1", "reason": "x"}),
    ("frame", {"suspect": "vil1", "victim": "vil2"}),
    ("plant", {"target": "vil1", "role": "cop", "alignment": "village"}),
    ("don", {"don": "maf1"}),
]


@pytest.mark.parametrize("as_moderator", [False, True], ids=["mafioso", "moderator"])
@pytest.mark.parametrize(("path", "data"), PAGE_POWERS, ids=[path for path, _ in PAGE_POWERS])
def test_a_mafia_power_page_is_not_a_classic_games(path, data, as_moderator):
    """The mafia's pages are the live-action rule set's: a classic game does not serve them
    (404, as for a page that does not exist), and nothing is used."""
    game, players = classic_game()
    user = moderator_of(game) if as_moderator else players["maf1"].user
    data = {k: players[v].pk if v in players else v for k, v in data.items()}
    response = client_for(user).post(f"/games/{game.pk}/mafia/{path}/", data)
    assert response.status_code == 404
    assert not MafiaPowerUse.objects.filter(game=game).exists()
