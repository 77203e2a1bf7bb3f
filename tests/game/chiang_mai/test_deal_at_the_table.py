"""The table before the play (M1, M3, M12, C8): the host adds every player without a phone on one
page, sets the seed before the deal and sees it after, or enters the deal made with a real deck,
from which the game plays; a deal the deck cannot give is refused with the card named, and
nothing is dealt."""

import pytest

from game.models import GamePhase, GameStatus
from tests.conftest import client_for
from tests.factories import make_game, moderator_of

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus"]
DEALT = {
    "Ann": ("black_king", "number"),
    "Bo": ("red_king", "number"),
    "Cy": ("black_jack", "number"),
    "Dee": ("red_jack", "number"),
    "Eve": ("red_queen", "number"),
    "Fay": ("red_ace", "number"),
    "Gus": ("joker", "number"),
}
DECK = {
    "black_king": 1,
    "red_king": 1,
    "black_jack": 1,
    "red_jack": 1,
    "red_queen": 1,
    "red_ace": 1,
    "joker": 1,
}


def seated():
    game = make_game(ruleset="chiang_mai", name="Real deck")
    host = client_for(moderator_of(game))
    response = host.post(f"/games/{game.pk}/chiang-mai/seats/", {"name": "\n".join(NAMES)})
    assert response.status_code == 302
    return game, host


def physical(game, dealt) -> dict:
    ids = dict(game.players.values_list("name", "id"))
    form = {"physical": "1", **DECK}
    for name, (top, under) in dealt.items():
        form |= {f"card-{ids[name]}-1": top, f"card-{ids[name]}-2": under}
    return form


def test_the_host_seats_seven_players_on_one_page_and_a_name_twice_seats_nobody():
    game, host = seated()
    assert list(game.players.order_by("joined_at", "id").values_list("name", flat=True)) == NAMES
    response = host.post(f"/games/{game.pk}/chiang-mai/seats/", {"name": "Hal\nann"})
    assert response.status_code == 422
    assert "already called &#x27;ann&#x27;" in response.content.decode()
    assert game.players.count() == 7


def test_the_seed_the_host_sets_deals_and_is_shown_to_the_host():
    game, host = seated()
    base = f"/games/{game.pk}/chiang-mai"
    assert host.post(f"{base}/deal/", {**DECK, "seed": "friday-42"}).status_code == 302
    game.refresh_from_db()
    assert game.random_seed == "friday-42"
    assert '<code id="game-seed">friday-42</code>' in host.get(f"{base}/host/").content.decode()


def test_the_game_plays_from_the_deal_the_host_made_with_a_real_deck():
    game, host = seated()
    base = f"/games/{game.pk}/chiang-mai"
    assert host.post(f"{base}/deal/", physical(game, DEALT)).status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    for player in game.players.all():
        assert tuple(player.state["dealt"]) == DEALT[player.name]
        assert player.role == ("killer" if player.name in ("Ann", "Bo") else "villager")
    assert host.post(f"{base}/tap/", {"kind": "next"}).status_code == 302
    table = host.get(f"/api/v1/games/{game.pk}/chiang-mai").json()
    assert table["call"]["role"] == "killer" and table["called_players"] == ["Ann", "Bo"]
    log = host.get(f"/games/{game.pk}/log/").content.decode().replace("&#x27;", "'")
    assert "with the host's real deck" in log


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        (
            {"Cy": ("black_king", "number")},
            "The hands hold 2 Black Kings; the deck has 1 Black King (M1).",
        ),
        (
            {"Ann": ("black_king", "red_jack"), "Dee": ("number", "number")},
            "Ann holds a King and a Jack",
        ),
        ({"Gus": ("joker", "")}, "Gus: enter the two cards they were dealt."),
    ],
)
def test_a_deal_the_deck_cannot_give_is_refused_with_the_card_named(change, refusal):
    game, host = seated()
    response = host.post(f"/games/{game.pk}/chiang-mai/deal/", physical(game, DEALT | change))
    assert response.status_code == 422
    assert refusal in response.content.decode().replace("&#x27;", "'")
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNUP
    assert not GamePhase.objects.filter(game=game).exists()


def test_through_the_api_hands_named_by_anything_but_a_player_id_are_refused():
    game, host = seated()
    ids = dict(game.players.values_list("name", "id"))
    hands = {str(ids[name]): list(cards) for name, cards in DEALT.items()}
    url = f"/api/v1/games/{game.pk}/chiang-mai/deal"
    refused = host.post(
        url, {"deck": DECK, "hands": {**hands, "Ann": ["number", "number"]}}, "application/json"
    )
    assert refused.status_code == 400
    assert "'Ann' is not one" in refused.json()["detail"]
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNUP
    dealt = host.post(url, {"deck": DECK, "hands": hands}, "application/json")
    assert dealt.status_code == 200
