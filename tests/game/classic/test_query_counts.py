"""The phase state and the night pages read a fixed number of queries, whatever the number of
players (the project's standard)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from game.models import Player
from game.permissions import viewer_for
from game.selectors.phases import phase_state
from game.services.lobby.setup import game_start, role_set
from tests.conftest import client_for
from tests.factories import make_game, moderator_of, sign_up
from tests.game.classic.helpers import act, end_phase
from tests.game.helpers import vote

pytestmark = pytest.mark.django_db


def night_of(size: int):
    game = make_game(ruleset="classic", night_ends_when_all_in=False)
    players = sign_up(game, size)
    mod = moderator_of(game)
    roles = ["mafioso", "mafioso", "cop", "doctor"] + ["villager"] * (size - 4)
    for player, role in zip(players, roles, strict=True):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=mod, now=timezone.now())
    game_start(game_id=game.pk, by=mod, now=timezone.now())
    game.refresh_from_db()
    end_phase(game)
    for mafioso in Player.objects.filter(game=game, role="mafioso"):
        act(game, mafioso, players[-1], now=timezone.now())
    return game, mod, players


def queries(call) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured)


@pytest.mark.parametrize("who", ["moderator", "mafioso"])
def test_the_phase_state_costs_the_same_for_8_and_40_players(who):
    counts = []
    for size in (8, 40):
        game, mod, players = night_of(size)
        user = mod if who == "moderator" else players[0].user
        viewer = viewer_for(user, game)
        counts.append(queries(lambda viewer=viewer: phase_state(viewer)))
    assert counts[0] == counts[1]


def test_the_night_page_and_the_dashboard_cost_the_same_for_8_and_40_players():
    counts = []
    for size in (8, 40):
        game, mod, players = night_of(size)
        night_url, board_url = (
            reverse("night", args=[game.pk]),
            reverse("mod_dashboard", args=[game.pk]),
        )
        night, board = client_for(players[2].user), client_for(mod)
        counts.append(
            (
                queries(lambda night=night, url=night_url: night.get(url)),
                queries(lambda board=board, url=board_url: board.get(url)),
            )
        )
    assert counts[0] == counts[1]


def test_the_game_state_with_its_record_costs_the_same_for_8_and_40_players():
    """The deaths, votes and the cop's results of `game_state` (C10) in a fixed number of
    queries, after a dawn with a death, a result and a day of votes."""
    counts = []
    for size in (8, 40):
        game, _, players = night_of(size)
        cop = Player.objects.get(game=game, role="cop")
        act(game, cop, players[-2], now=timezone.now())
        end_phase(game)
        for voter in players[:-1]:
            vote(game, voter, players[0], at=timezone.now())
        client = client_for(cop.user)
        url = f"/api/v1/games/{game.pk}"
        state = client.get(url).json()
        assert len(state["deaths"]) == 1 and len(state["results"]) == 1
        assert len(state["votes"]) == size - 1
        counts.append(queries(lambda client=client, url=url: client.get(url)))
    assert counts[0] == counts[1]
