"""A refusal's body names the rulings its text cites (issue: "The API holds under a fuzzer":
`{"detail": …}` with the ruling where one applies)."""

import json

import pytest

from game.errors import cited_rulings
from game.models import Investigation
from tests.conftest import client_for
from tests.game.kills_setup import confirmed_kill, town


@pytest.mark.parametrize(
    ("text", "rulings"),
    [
        ("The mafia have already used Scheme (R34).", ["R34"]),
        ("A vote for a living player (R5, R6).", ["R5", "R6"]),
        ("Votes count from day 1 (R5-R7).", ["R5", "R6", "R7"]),
        ("A missing choice is no one (C3; also R5).", ["C3", "R5"]),
        ("R2 is dead: only the living can be trapped (R36).", ["R36"]),
        ("You cannot report a kill on yourself.", []),
        ("Twice (R31) and again (R31).", ["R31"]),
    ],
)
def test_the_rulings_a_text_cites_in_parentheses(text, rulings):
    assert cited_rulings(text) == rulings


@pytest.mark.django_db
def test_an_api_refusal_that_cites_a_ruling_lists_it_and_one_that_does_not_leaves_it_out():
    t = town()
    base = f"/api/v1/games/{t.game.pk}"
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    asked = client_for(t.investigator.user).post(
        f"{base}/investigations",
        json.dumps(
            {
                "capacity": "investigator",
                "victim_id": victim.pk,
                "suspect_ids": [t.townies[1].pk, t.townies[2].pk],
            }
        ),
        content_type="application/json",
    )
    assert asked.status_code == 400
    refusal = asked.json()
    # No site visit yet (R21) and two suspects for one investigator (R19).
    assert refusal["rulings"] == cited_rulings(refusal["detail"]) == ["R21", "R19"]
    assert Investigation.objects.count() == 0
    itself = client_for(t.mafia.user).post(
        f"{base}/kills",
        json.dumps(
            {
                "side": "killer",
                "other_player_id": t.mafia.pk,
                "method": "free_kill",
                "location": "x",
            }
        ),
        content_type="application/json",
    )
    assert itself.status_code == 400 and "rulings" not in itself.json()


def test_the_error_body_documents_its_rulings():
    from mafia_mod.api import api

    error = api.get_openapi_schema()["components"]["schemas"]["Error"]
    assert error["required"] == ["detail"]
    assert error["properties"]["rulings"]["items"]["pattern"] == "^[RCHMP][0-9]{1,2}$"
