"""The moderators' dashboard and queue stay light as a game grows: a page's size and query count
do not grow with the players. A player field searches the game's players as the moderator types
(one shared list, filled by `mod_player_search`) instead of listing every player in each form
(the mafia page's forms too, as a moderator sees them), and the dashboard's players' table shows
a page at a time, searched by name."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.models import MafiaPowerUse, Player, Tazing, User
from game.rulesets.live_action.roles import Role
from game.services.killing.kills import kill_report
from game.services.lobby.setup import game_start
from tests.conftest import client_for
from tests.factories import START, UserFactory, make_game, moderator_of

pytestmark = pytest.mark.django_db

SIZES = (10, 100, 300)
# Past its first page of players a page grows by a few digits at most; from 10 players to a full
# page of them, by less than this factor (a row or an option per player would be 30 times more).
PAST_A_PAGE, SMALL_FACTOR = 1.02, 2


def game_of(size: int, *, started: bool = True, pending: int = 0):
    """A game of `size` players named "player 000"..., the first two mafia, built in bulk, with
    `pending` kill reports waiting in the queue."""
    game = make_game(name=f"Game of {size}")
    users = User.objects.bulk_create(User(username=f"g{game.pk}-u{i}") for i in range(size))
    Player.objects.bulk_create(
        Player(game=game, user=user, name=f"player {i:03}", role=Role.MAFIA if i < 2 else "")
        for i, user in enumerate(users)
    )
    if started:
        Player.objects.filter(game=game, role="").update(role=Role.TOWNIE)
        game_start(game_id=game.pk, by=moderator_of(game), now=START)
    people = list(game.players.order_by("id"))
    for n, victim in enumerate(people[2 : 2 + pending]):
        kill_report(
            game_id=game.pk, by=victim.user, side="victim", other_player_id=None,
            method="free_kill", location=f"Hall {n}", now=START,
        )  # fmt: skip
    return game, people


def fetched(game, url_name: str, **params) -> tuple[str, int]:
    """The page's text and its query count."""
    client = client_for(moderator_of(game))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse(url_name, args=[game.pk]), params)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


@pytest.mark.parametrize(
    ("page", "started", "pending"),
    [
        ("mod_dashboard", False, 0),
        ("mod_dashboard", True, 3),
        ("mod_queue", True, 3),
        ("mafia", True, 0),
    ],
    ids=["dashboard at sign-ups", "dashboard running", "queue", "mafia powers"],
)
def test_a_moderators_page_does_not_grow_with_the_players(page, started, pending):
    pages, queries = [], []
    for size in SIZES:
        text, count = fetched(game_of(size, started=started, pending=pending)[0], page)
        pages.append(len(text))
        queries.append(count)
    assert len(set(queries)) == 1, queries
    small, page_full, large = pages
    assert large < PAST_A_PAGE * page_full and large < SMALL_FACTOR * small, pages
    # The last player is in no list of the large page: it is found by typing.
    assert "player 299" not in text


def test_the_dashboard_shows_the_players_a_page_at_a_time_and_finds_them_by_name():
    game, people = game_of(120)
    first, queries = fetched(game, "mod_dashboard")
    assert "Players (120)" in first and "120 alive, 0 dead" in first
    assert "Players 1–25 of 120" in first and "player 024" in first and "player 025" not in first
    assert "Page 1 of 5" in first and "players_page=2" in first

    last, more_queries = fetched(game, "mod_dashboard", players_page=5)
    assert "Players 101–120 of 120" in last and "player 119" in last
    assert "player 024" not in last and more_queries == queries

    found, _ = fetched(game, "mod_dashboard", players_q="player 07")
    assert re.findall(r"player 07\d", found) and "player 080" not in found
    assert "Players 1–10 of 10 matching “player 07”" in found

    nobody, _ = fetched(game, "mod_dashboard", players_q="zebra")
    assert "No player's name or username holds “zebra”." in nobody


def test_a_player_field_offers_the_players_whose_name_holds_what_was_typed():
    game, people = game_of(60)
    Player.objects.filter(pk=people[31].pk).update(alive=False)
    client = client_for(moderator_of(game))
    url = reverse("mod_player_search", args=[game.pk])

    offered = client.get(url, {"q": "ayer 03"}).content.decode()
    found = re.findall(r'<option value="(player \d+) #(\d+)">', offered)
    assert [name for name, _ in found] == [f"player 03{d}" for d in range(10)]
    assert {int(pk) for _, pk in found} == {p.pk for p in people[30:40]}
    assert offered.startswith('<datalist id="player-options">')

    living = client.get(url, {"q": "03", "alive": "1"}).content.decode()
    assert "player 031" not in living and "player 032" in living
    # A few at a time, however many match, in the same queries.
    counts = []
    for typed in ("player", "player 059"):
        with CaptureQueriesContext(connection) as queries:
            offered = client.get(url, {"q": typed}).content.decode()
        counts.append(len(queries))
    assert offered.count("<option") == 1 and counts[0] == counts[1]
    assert client.get(url, {"q": "player"}).content.decode().count("<option") == 20


def test_only_the_games_moderators_may_search_its_players():
    game, people = game_of(5)
    url = reverse("mod_player_search", args=[game.pk])
    for outsider in (people[0].user, UserFactory()):
        assert client_for(outsider).get(url, {"q": "player"}).status_code == 404


def test_the_mayor_is_set_by_a_name_chosen_from_the_list_and_a_name_alone_is_refused():
    game, people = game_of(8)
    client = client_for(moderator_of(game))
    url = reverse("mod_mayor", args=[game.pk])
    refused = client.post(url, {"player": "player 004", "reason": "Elected."})
    assert refused.status_code == 422
    assert "Choose a player from the list." in refused.content.decode()
    assert not Player.objects.filter(game=game, mayor_since__isnull=False).exists()

    client.post(url, {"player": f"player 004 #{people[4].pk}", "reason": "Elected."})
    assert Player.objects.get(game=game, mayor_since__isnull=False) == people[4]
    # The dashboard's mayor field holds the mayor.
    page, _ = fetched(game, "mod_dashboard")
    assert f'value="player 004 #{people[4].pk}"' in page


def test_a_tazing_is_recorded_for_the_player_chosen_from_the_list():
    game, people = game_of(8)
    client = client_for(moderator_of(game))
    url = reverse("mod_tazing", args=[game.pk])
    assert client.post(url, {"victim": ""}).status_code == 422
    assert not Tazing.objects.filter(game=game).exists()
    client.post(url, {"victim": f"player 005 #{people[5].pk}"})
    assert Tazing.objects.get(game=game).target_id == people[5].pk


def test_a_moderator_uses_a_power_for_the_mafia_on_the_player_chosen_from_the_list():
    game, people = game_of(8)
    client = client_for(moderator_of(game))
    page = client.get(reverse("mafia", args=[game.pk])).content.decode()
    assert 'id="conscript-target" name="target" list="player-options"' in page
    assert 'id="record-target" name="target" list="player-options"' in page
    url = reverse("mafia_power", args=[game.pk, "conscript"])
    refused = client.post(url, {"target": "player 005", "reason": "Told me in person"})
    assert refused.status_code == 422 and "Choose a player from the list." in refused.text
    assert not MafiaPowerUse.objects.filter(game=game).exists()
    picked = f"player 005 #{people[5].pk}"
    client.post(url, {"target": picked, "reason": "Told me in person"})
    assert MafiaPowerUse.objects.get(game=game).target_id == people[5].pk
    # The mafia's own form keeps its list: a mafioso picks from the living who are not mafia.
    mafioso = client_for(people[0].user).get(reverse("mafia", args=[game.pk])).text
    assert 'name="target" list="player-options"' not in mafioso


def test_without_script_a_search_fills_the_list_every_player_field_offers():
    game, people = game_of(60)
    page, _ = fetched(game, "mod_dashboard", player_q="player 03")
    offered = re.findall(r'<option value="(player \d+) #(\d+)">', page)
    assert [name for name, _ in offered] == [f"player 03{d}" for d in range(10)]
    assert {int(pk) for _, pk in offered} == {p.pk for p in people[30:40]}
    assert f"player 031 #{people[31].pk}" in page and 'id="player-options-find"' in page
    nobody, _ = fetched(game, "mod_queue", player_q="zebra")
    assert "Nobody's name holds “zebra”." in nobody
    plain, _ = fetched(game, "mod_dashboard")
    assert not re.findall(r'<option value="player \d+ #', plain)
