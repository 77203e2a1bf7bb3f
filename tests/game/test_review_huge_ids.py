"""An id no database column can hold is forged input like any other: a clear 400, not a 500."""

import json

import pytest

from game.models import Investigation, Vote
from tests.conftest import client_for
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db

HUGE = 10**30


def post(user, url, body):
    return client_for(user).post(url, json.dumps(body), content_type="application/json")


def test_a_vote_for_an_impossible_id_is_refused_with_a_message():
    t = town()
    response = post(t.townies[1].user, f"/api/v1/games/{t.game.pk}/votes", {"target_id": HUGE})
    assert response.status_code == 400
    assert "this game" in response.json()["detail"]
    assert not Vote.objects.exists()


def test_an_investigation_of_an_impossible_suspect_is_refused_with_a_message():
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 10)
    post(
        t.investigator.user,
        f"/api/v1/games/{t.game.pk}/site-visits",
        {"victim_id": t.townies[0].pk},
    )
    response = post(
        t.investigator.user,
        f"/api/v1/games/{t.game.pk}/investigations",
        {"capacity": "investigator", "victim_id": t.townies[0].pk, "suspect_ids": [HUGE]},
    )
    assert response.status_code == 400
    assert not Investigation.objects.exists()


def test_a_message_to_an_impossible_recipient_is_refused_with_a_message():
    t = town()
    response = post(
        t.townies[1].user,
        f"/api/v1/forums/games/{t.game.pk}/messages",
        {"recipient_ids": [HUGE], "body": "hello"},
    )
    assert response.status_code == 400
    assert "not players of this game" in response.json()["detail"]
