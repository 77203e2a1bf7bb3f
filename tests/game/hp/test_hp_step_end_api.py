"""The moderators end an HP game's night or vote at once through the API (C1), as its deadline
would (H3, H8): the step the request names, once; a player is answered as for a game that is
not theirs to moderate."""

import datetime as dt

import pytest

from game.models import LogEntry, Visibility
from game.services.lobby.setup import game_start, roles_assign
from tests.conftest import client_for
from tests.factories import make_game, moderator_of, sign_up

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 26, 20, 0, tzinfo=dt.UTC)


def started_game():
    game = make_game(ruleset="hp", bots=True)
    players = sign_up(game, 5)
    moderator = moderator_of(game)
    roles_assign(game_id=game.pk, by=moderator, now=NOW)
    game_start(game_id=game.pk, by=moderator, now=NOW)
    return game, moderator, players


def end(client, game, **step):
    return client.post(f"/api/v1/games/{game.pk}/hp/step/end", step, "application/json")


def test_the_moderator_ends_the_night_then_each_tied_vote_by_name_and_once():
    game, moderator, _ = started_game()
    client = client_for(moderator)
    seen = client.get(f"/api/v1/games/{game.pk}/hp").json()
    assert (seen["number"], seen["phase"], seen["ballot"]) == (1, "night", 0)

    night = end(client, game, number=1, phase="night")
    assert night.status_code == 200
    assert (night.json()["phase"], night.json()["ballot"]) == ("day", 1)
    assert "No one died." in night.json()["lines"]  # nobody picked (H3)
    again = end(client, game, number=1, phase="night")
    assert again.status_code == 409
    assert "it is now vote 1 of round 1" in again.json()["detail"]

    # Nobody votes: each vote is tied and repeated, the third drawn (H8).
    assert end(client, game, number=1, phase="day", ballot=1).json()["ballot"] == 2
    assert end(client, game, number=1, phase="day", ballot=2).json()["ballot"] == 3
    after = end(client, game, number=1, phase="day", ballot=3).json()
    assert (after["number"], after["phase"]) == (2, "night") or after["finished"]
    ended = LogEntry.objects.filter(game=game, kind="hp_step_ended_early")
    assert ended.count() == 4
    assert set(ended.values_list("visibility", flat=True)) == {Visibility.MODERATORS}


def test_a_player_cannot_end_a_step_and_learns_nothing_of_it():
    game, _, players = started_game()
    answer = end(client_for(players[0].user), game, number=1, phase="night")
    assert answer.status_code == 404
    assert not LogEntry.objects.filter(game=game, kind="hp_step_ended_early").exists()
