"""An HP round's page and API read a fixed number of queries, whatever the number of players or
the length of the log, and a person's pick and vote write a fixed number (the project's
standard: the computer's seats choose in one write per kind, H10)."""

import datetime as dt
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.models import Game, GameStatus, LogEntry
from game.rulesets.hp.choices import allowed_picks
from game.services.days.votes import vote_cast
from game.services.hp import solo
from game.services.hp.actions import hp_pick
from game.services.hp.solo import hp_solo_create
from game.snapshots.hp import table_of
from tests.conftest import client_for

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 26, 1, 0, tzinfo=dt.UTC)


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_round_page_and_api_count_the_same_queries_at_5_and_20_players(user):
    client = client_for(user)
    small = hp_solo_create(user=user, players=5, role="healer", now=NOW)
    large = hp_solo_create(user=user, players=20, role="healer", now=NOW)
    page = [queries(client, reverse("hp_game", args=[game.pk])) for game in (small, large)]
    api = [queries(client, f"/api/v1/games/{game.pk}/hp") for game in (small, large)]
    assert page[0] == page[1]
    assert api[0] == api[1]


# Seeds (C8) whose first round goes the same way at 5 and at 20 players: the person, a healer,
# survives; one player dies in the night and one is voted out. Deaths and the log's lines vary
# with the game, not with the players; the test checks that the rounds match before it counts.
SEED_AT = {5: "hp-seed-0", 20: "hp-seed-1"}


def vote(*, player, target_id: int, now) -> None:
    vote_cast(game_id=player.game_id, voter_id=player.pk, target_id=target_id, now=now)


def a_round(user, monkeypatch, players: int) -> dict:
    """The person's pick and vote of round 1: their queries, the deaths and the log's lines."""
    monkeypatch.setattr(solo, "secrets", SimpleNamespace(token_hex=lambda _: SEED_AT[players]))
    game = hp_solo_create(user=user, players=players, role="healer", now=NOW)
    person = game.players.get(computer=False)
    counted = {}
    for step in ("pick", "vote"):
        deaths = game.players.filter(alive=False).count()
        lines = LogEntry.objects.filter(game=game).count()
        table = table_of(game.players.all())
        if step == "pick":
            act, target = hp_pick, allowed_picks(table, person.role)[0]
        else:
            act = vote
            target = next(seat.id for seat in table if seat.alive and seat.id != person.pk)
        with CaptureQueriesContext(connection) as captured:
            act(player=person, target_id=target, now=NOW)
        counted[step] = {
            "queries": len(captured),
            "deaths": game.players.filter(alive=False).count() - deaths,
            "lines": LogEntry.objects.filter(game=game).count() - lines,
        }
    game = Game.objects.get(pk=game.pk)
    person.refresh_from_db()
    assert game.status == GameStatus.RUNNING and person.alive
    return counted


def test_the_persons_pick_and_vote_cost_the_same_queries_at_5_and_20_players(user, monkeypatch):
    small = a_round(user, monkeypatch, 5)
    large = a_round(user, monkeypatch, 20)
    for step in ("pick", "vote"):
        assert small[step]["deaths"] == large[step]["deaths"] == 1
        assert small[step]["lines"] == large[step]["lines"]
        assert small[step]["queries"] == large[step]["queries"], step
