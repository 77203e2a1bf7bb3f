"""A hand of role cards is its holder's and the moderators' to see (R50), and every active card
offers its night action (M4). (An outcome decided before the day's vote, HP's positive test, is
tests/game/hp/test_hp_on_the_phase_engine.py's.)"""

import json

import pytest
from django.utils import timezone

from game.models import Player
from game.rulesets.hands import HAND
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.game.classic.helpers import classic_game, cop_holding_the_doctors_card, end_phase

pytestmark = pytest.mark.django_db


def test_a_hand_is_seen_by_its_holder_and_the_moderators_only():
    game, p = classic_game(start=timezone.now())
    Player.objects.filter(pk=p["cop"].pk).update(state={HAND: ["cop", "doctor"]})

    def phase(user):
        return json.loads(client_for(user).get(f"/api/v1/games/{game.pk}/phase").content)

    assert phase(p["cop"].user)["hand"] == ["Cop", "Doctor"]
    assert phase(p["vil1"].user)["hand"] == ["Villager"]
    assert phase(moderator_of(game))["hand"] == []
    end_phase(game)
    client_for(p["cop"].user).post(
        f"/api/v1/games/{game.pk}/night-action",
        json.dumps({"target_id": p["maf1"].pk}),
        content_type="application/json",
    )
    rows = phase(moderator_of(game))["night_actions"]
    assert [r["role"] for r in rows] == ["Cop / Doctor"]


def test_every_active_card_offers_its_night_action(monkeypatch):
    """M4: a player whose every card acts gets one night card per action and may take each."""
    game, p = cop_holding_the_doctors_card(monkeypatch)
    cop = client_for(p["cop"].user)
    cards = json.loads(cop.get(f"/api/v1/games/{game.pk}/phase").content)["night_cards"]
    assert [c["action"] for c in cards] == ["investigate", "protect"]
    for action, target in (("investigate", "maf1"), ("protect", "vil1")):
        answer = cop.post(
            f"/api/v1/games/{game.pk}/night-action",
            json.dumps({"target_id": p[target].pk, "action": action}),
            content_type="application/json",
        )
        assert answer.status_code == 201 and answer.json()["action"] == action
    refused = cop.post(
        f"/api/v1/games/{game.pk}/night-action",
        json.dumps({"target_id": p["vil1"].pk, "action": "kill"}),
        content_type="application/json",
    )
    assert refused.status_code == 400
