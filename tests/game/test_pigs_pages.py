"""The pig game's pages (seed 003): dealing, refusing a bad deal, replaying by a link."""

import json
import re

import pytest
from django.test import Client

from tests.factories import UserFactory

SAMPLE = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n"
SAMPLE_CODE = "MPDDFF-ZPNNND-FPJJJJ-FFDDJJFFKD"

pytestmark = pytest.mark.django_db


def frames_of(response) -> list[dict]:
    html = response.content.decode()
    return json.loads(re.search(r'id="pig-frames"[^>]*>(.*?)</script>', html, re.S).group(1))


def test_a_pasted_deal_opens_its_replay_by_a_link_that_carries_the_deal():
    response = Client().post("/pigs/", {"form": "paste", "deal": SAMPLE})
    assert response.status_code == 302
    assert response["Location"] == f"/pigs/replay/?deal={SAMPLE_CODE}"


def test_the_replay_shows_every_event_in_words_and_the_originals_output():
    """§9 through the page: the same output, and the story step by step from the deal."""
    response = Client().get(f"/pigs/replay/?deal={SAMPLE_CODE}")
    assert response.status_code == 200
    html = response.content.decode()
    assert "FP\nDEAD\nDEAD\nJ J J J J J D\n" in html
    frames = frames_of(response)
    assert frames[0]["pigs"] == [[4, 3, 6 - 2], [4, 1, 4], [4, 1, 4]]
    assert frames[-1]["parts"] == ["The Rebels win."]
    assert ["Pig 1 plays ", ["F"], " on Pig 2."] in [f["parts"] for f in frames]


def test_the_replay_names_cards_and_sides_in_words_with_no_section_numbers():
    """A newcomer reads card names (the letter in a tooltip), sides in words, no "§" or bare
    role codes."""
    html = Client().get(f"/pigs/replay/?deal={SAMPLE_CODE}").content.decode()
    story = html[html.index('class="pig-events"') : html.index("</ol>", html.index("pig-events"))]
    assert '<span class="pig-card" title="Letter F">Duel</span>' in story
    assert "The Master now suspects Pig 2 of being a Rebel." in story
    assert "§" not in story and "like-rebel" not in story and "jumps" not in story
    table = html[html.index('id="pig-table"') : html.index("</ol>", html.index("pig-table"))]
    assert ">Master</span>" in table and ">Side unknown</span>" in table
    assert ">?<" not in table and ">MP<" not in table
    start = html.index('id="pig-result"')
    result = html[start : html.index("</section>", start)]
    assert 'Pig 3, Rebel Pig: <span class="pig-card" title="Letter J">Nullify</span>, ' in result


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (SAMPLE.replace("F F D D J", "F X D D J"), "&#x27;X&#x27; (deck card 2) is not a card"),
        (SAMPLE.replace("MP D D", "FP D D"), "Pig 1, and only pig 1, is the Master Pig"),
        (SAMPLE.replace("3 10", "3 11"), "The deck has 10 cards, fewer than m = 11"),
    ],
)
def test_a_bad_deal_is_refused_on_its_page_with_a_clear_message(deal, message):
    response = Client().post("/pigs/", {"form": "paste", "deal": deal})
    assert response.status_code == 422
    assert message in response.content.decode()


def test_a_random_deal_is_replayed_by_its_seed_and_the_same_seed_gives_the_same_game():
    response = Client().post("/pigs/", {"form": "random", "seed": "42", "pigs": "5"})
    assert response["Location"] == "/pigs/replay/?seed=42&pigs=5"
    first, second = (Client().get(response["Location"]) for _ in range(2))
    assert frames_of(first) == frames_of(second)
    assert len(frames_of(first)[0]["pigs"]) == 5


def test_a_random_deal_without_a_seed_gets_one_in_its_link():
    response = Client().post("/pigs/", {"form": "random"})
    assert re.fullmatch(r"/pigs/replay/\?seed=\d+", response["Location"])


@pytest.mark.parametrize(
    "query", ["", "?deal=MPDDFF", "?deal=MPDDFF-ZPNNND-FPJJJJ-", "?seed=-1", "?seed=x&pigs=11"]
)
def test_a_bad_replay_link_answers_with_a_message_not_an_error(query):
    response = Client().get(f"/pigs/replay/{query}")
    assert response.status_code == 422
    assert "That was not done" in response.content.decode()


def test_the_pages_are_open_signed_in_or_not_and_linked_from_home():
    user = UserFactory()
    client = Client()
    client.force_login(user)
    assert client.get("/pigs/").status_code == 200
    assert 'href="/pigs/"' in client.get("/").content.decode()
    assert 'href="/pigs/"' in Client().get("/").content.decode()
