"""Requests no client should send still get a clear answer and change nothing, never a 500: a
time without its UTC offset, JSON nested a thousand deep, a JSON body labelled as a form."""

import json
from urllib.parse import urlencode

import pytest
from django.utils import timezone

from game.models import Kill
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.game.kills_setup import town

pytestmark = pytest.mark.django_db


def test_a_kill_time_without_a_utc_offset_is_read_in_the_games_zone():
    t = town()
    started = timezone.localtime(t.at(10), t.game.zone).replace(tzinfo=None)
    answer = client_for(t.mafia.user).post(
        f"/api/v1/games/{t.game.pk}/kills",
        json.dumps(
            {
                "side": "killer",
                "other_player_id": t.townies[0].pk,
                "method": "free_kill",
                "location": "x",
                "happened_at": started.isoformat(),
            }
        ),
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    assert Kill.objects.get().happened_at == t.at(10)


@pytest.mark.parametrize("depth", [990, 100_000])
def test_json_nested_too_deep_is_refused_with_400(depth):
    body = '{"name": ' + "[" * depth + "]" * depth + "}"
    answer = client_for(UserFactory()).post("/api/v1/games", body, content_type="application/json")
    assert answer.status_code == 400
    assert "nested" in answer.json()["detail"]


def test_a_json_body_labelled_as_a_form_gets_no_500():
    client = client_for(UserFactory())
    body = json.dumps({"name": "Forum game", "ruleset": "classic"})
    answer = client.post("/api/v1/games", body, content_type="multipart/form-data; boundary=xyz")
    assert answer.status_code < 500


def test_a_body_over_the_limit_is_answered_413_with_the_limit():
    big = json.dumps({"name": "x" * 3_000_000})
    answer = client_for(UserFactory()).post("/api/v1/games", big, content_type="application/json")
    assert answer.status_code == 413
    assert "2.5 MB" in answer.json()["detail"]
    page = client_for(UserFactory()).post(
        "/games/new/",
        urlencode({"name": "x" * 3_000_000}),
        content_type="application/x-www-form-urlencoded",
    )
    assert page.status_code == 413 and b"at most 2.5 MB" in page.content
