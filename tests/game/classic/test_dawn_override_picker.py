"""The dawn's override picks the dead by name (C1-C4): its form carries the players picked and
those found by a search, never every living player, so the classic dashboard at night stays the
same size and makes the same queries however many play. With script the search answers
checkboxes as the moderator types (`mod_player_search`, pick=victim); without it, "Find" shows
the dashboard again with the picks kept and the players found. Several may die at one dawn."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from game.models import GamePhase, NightOverride, Player, User
from game.services.lobby.setup import game_start
from game.services.nights.night_actions import night_action_submit
from game.services.nights.phases import phase_end_now
from tests.conftest import client_for
from tests.factories import make_game, moderator_of

pytestmark = pytest.mark.django_db


def classic_night(size: int, *, mafia: int = 3):
    """A classic game of `size` players named "player 000"... (`mafia` mafiosi, a cop, a doctor,
    villagers) at night 0, with the first mafioso's, the cop's and the doctor's choices in. The
    mafia are few whatever the size: the log's line naming them (seen on the dashboard) grows
    with the mafia, as it should, not with the players."""
    game = make_game(name=f"Classic of {size}", ruleset="classic")
    users = User.objects.bulk_create(User(username=f"c{game.pk}-u{i}") for i in range(size))
    roles = ["mafioso"] * mafia + ["cop", "doctor"] + ["villager"] * (size - mafia - 2)
    Player.objects.bulk_create(
        Player(game=game, user=user, name=f"player {i:03}", role=role)
        for i, (user, role) in enumerate(zip(users, roles, strict=True))
    )
    mod, now = moderator_of(game), timezone.now()
    game_start(game_id=game.pk, by=mod, now=now)
    phase_end_now(game_id=game.pk, by=mod, now=now, code="day", number=0)
    people = list(game.players.order_by("id"))
    for actor in (people[0], people[mafia], people[mafia + 1]):
        night_action_submit(game_id=game.pk, player_id=actor.pk, target_id=people[-1].pk, now=now)
    game.refresh_from_db()
    return game, people


def dashboard(game, **params) -> tuple[str, int]:
    client = client_for(moderator_of(game))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("mod_dashboard", args=[game.pk]), params)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def checked(page: str) -> set[int]:
    return {int(pk) for pk in re.findall(r'name="victim" value="(\d+)" checked', page)}


def offered(page: str) -> set[int]:
    return {int(pk) for pk in re.findall(r'name="victim" value="(\d+)">', page)}


def test_the_classic_dashboard_at_night_does_not_grow_with_the_players():
    sizes, queries = [], []
    for size in (100, 300):
        game, people = classic_night(size)
        page, count = dashboard(game)
        assert 'id="dawn-preview"' in page and 'id="override-dawn"' in page
        assert people[-2].name not in page and not offered(page)
        sizes.append(len(page))
        queries.append(count)
    assert queries[0] == queries[1], queries
    assert sizes[1] < 1.02 * sizes[0], sizes


def test_the_override_search_answers_the_picks_still_ticked_and_the_living_found():
    game, people = classic_night(40)
    Player.objects.filter(pk=people[12].pk).update(alive=False)
    client = client_for(moderator_of(game))
    url = reverse("mod_player_search", args=[game.pk])
    answer = client.get(
        url, {"alive": "1", "pick": "victim", "q": "player 01", "victim": [people[30].pk]}
    ).content.decode()
    assert checked(answer) == {people[30].pk}
    assert offered(answer) == {p.pk for p in people[10:20]} - {people[12].pk}
    assert "9 found for “player 01”" in answer
    # A pick found again is not offered twice; a dead or unknown pick is dropped.
    again = client.get(
        url,
        {"alive": "1", "pick": "victim", "q": "player 03", "victim": [people[30].pk, 99999999]},
    ).content.decode()
    assert checked(again) == {people[30].pk} and people[30].pk not in offered(again)
    counts = []
    for typed in ("player", "player 039"):
        with CaptureQueriesContext(connection) as captured:
            client.get(url, {"alive": "1", "pick": "victim", "q": typed, "victim": [people[5].pk]})
        counts.append(len(captured))
    assert counts[0] == counts[1]
    for outsider in (people[0].user, people[-1].user):
        assert client_for(outsider).get(url, {"pick": "victim", "q": "p"}).status_code == 404


def test_without_script_find_keeps_the_picks_and_several_die_at_the_dawn():
    game, people = classic_night(30)
    mod = moderator_of(game)
    client = client_for(mod)
    url = reverse("mod_night_override", args=[game.pk])
    found = client.post(url, {"night": 0, "victim": [people[25].pk], "q": "player 02", "find": "1"})
    assert found.status_code == 302
    assert found["Location"].endswith(f"?dawn_q=player+02&victim={people[25].pk}#dawn-victim")
    assert not NightOverride.objects.filter(game=game).exists()

    page = client.get(found["Location"]).content.decode()
    assert checked(page) == {people[25].pk}
    assert offered(page) == {p.pk for p in people[20:30]} - {people[25].pk}
    assert 'value="player 02"' in page

    done = client.post(
        url, {"night": 0, "victim": [people[25].pk, people[21].pk], "reason": "Rules mix-up"}
    )
    assert done.status_code == 302
    assert NightOverride.objects.get(game=game).reason == "Rules mix-up"
    board, _ = dashboard(game)
    assert "player 025, player 021 die." in board
    phase_end_now(game_id=game.pk, by=mod, now=timezone.now(), code="night", number=0)
    dead = set(game.players.filter(alive=False).values_list("pk", flat=True))
    assert dead == {people[25].pk, people[21].pk}


def test_a_refused_override_comes_back_with_its_picks_and_changes_nothing():
    game, people = classic_night(30)
    client = client_for(moderator_of(game))
    url = reverse("mod_night_override", args=[game.pk])
    both = client.post(url, {"night": 0, "victim": ["none", people[7].pk], "reason": "x"})
    assert both.status_code == 422
    page = both.content.decode()
    assert "Choose players, or nobody, not both." in page and checked(page) == {people[7].pk}
    unknown = client.post(url, {"night": 0, "victim": ["player 007"], "reason": "x"})
    assert (
        unknown.status_code == 422 and "Choose players from the list." in unknown.content.decode()
    )
    nobody = client.post(url, {"night": 0, "reason": "x"})
    assert nobody.status_code == 422
    assert not NightOverride.objects.filter(game=game).exists()
    assert GamePhase.objects.filter(game=game, state__has_key="override_victims").count() == 0
    for outsider in (people[0].user,):
        find = client_for(outsider).post(url, {"night": 0, "q": "p", "find": "1"})
        assert find.status_code == 404
