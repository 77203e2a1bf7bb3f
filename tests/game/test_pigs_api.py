"""The pig game's API (seed 003): simulate a deal, read its events."""

import pytest
from django.test import Client

from mafia_mod.api import api
from tests.factories import UserFactory

SAMPLE = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n"
SAMPLE_CODE = "MPDDFF-ZPNNND-FPJJJJ-FFDDJJFFKD"

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    client = Client()
    client.force_login(UserFactory())
    return client


def test_the_sample_gives_the_originals_output_through_the_api(client):
    """§9 through the API."""
    response = client.post(
        "/api/v1/pigs/simulate", {"deal": SAMPLE}, content_type="application/json"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["output"] == "FP\nDEAD\nDEAD\nJ J J J J J D\n"
    assert (body["winner"], body["code"]) == ("FP", SAMPLE_CODE)
    assert body["replay_url"] == f"/pigs/replay/?deal={SAMPLE_CODE}"


def test_a_deal_s_events_are_read_in_pages_in_plain_words(client):
    first = client.get(f"/api/v1/pigs/events?deal={SAMPLE_CODE}&limit=2").json()
    assert first["total"] > 30 and first["winner"] == "FP"
    assert [e["text"] for e in first["events"]] == [
        "Pig 1's turn: it draws Duel and Duel.",
        "Pig 2's turn: it draws Dodge and Dodge.",
    ]
    last = client.get(f"/api/v1/pigs/events?deal={SAMPLE_CODE}&offset={first['total'] - 1}")
    assert last.json()["events"] == [
        {
            "number": first["total"],
            "kind": "end",
            "pig": 0,
            "other": 0,
            "cards": "FP",
            "hp": 0,
            "text": "The Rebels win.",
        }
    ]


def test_a_random_deal_by_seed_is_the_same_every_time(client):
    def simulated():
        body = {"seed": 9, "pigs": 4}
        return client.post("/api/v1/pigs/simulate", body, content_type="application/json").json()

    assert simulated() == simulated()
    assert simulated()["code"].count("-") == 4


@pytest.mark.parametrize(
    "body",
    [{"deal": SAMPLE.replace("MP D D", "ZP D D")}, {"deal": "3 10"}, {}, {"pigs": 3}],
)
def test_a_bad_deal_answers_400_with_its_reason(client, body):
    response = client.post("/api/v1/pigs/simulate", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["detail"]


def test_a_bad_code_answers_400(client):
    response = client.get("/api/v1/pigs/events?deal=MPDDFF")
    assert response.status_code == 400


def test_the_api_needs_a_signed_in_user_as_all_of_the_api_does():
    assert Client().get(f"/api/v1/pigs/events?deal={SAMPLE_CODE}").status_code == 401


def test_the_operations_are_documented():
    paths = api.get_openapi_schema()["paths"]
    assert paths["/api/v1/pigs/simulate"]["post"]["operationId"] == "pigs_simulate"
    assert paths["/api/v1/pigs/events"]["get"]["operationId"] == "pigs_events"


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [True, "7", 1.5])
def test_a_seed_that_is_not_a_whole_number_is_refused(client, seed):
    body = {"pigs": 3, "seed": seed, "deal": None}
    response = client.post("/api/v1/pigs/simulate", body, content_type="application/json")
    assert response.status_code == 422
