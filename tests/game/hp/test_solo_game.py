"""A solo HP game (H10) through the services: created, played by the person, and by the computer
alone after the person is out."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from game.errors import GameRuleError
from game.models import GameStatus, LogEntry, NightAction, Player
from game.rulesets.hp.choices import allowed_picks
from game.services.days.votes import vote_cast
from game.services.hp.actions import hp_pick
from game.services.hp.solo import hp_solo_create
from game.snapshots.hp import hp_of, table_of
from game.snapshots.hp_turns import persons_waited_for, players_of

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 26, 1, 0, tzinfo=dt.UTC)


def person_of(game) -> Player:
    return Player.objects.get(game=game, computer=False)


def play_as_person(game) -> int:
    """The person picks the first allowed player and votes for the first other living player
    until they are out or the game ends; returns the turns taken."""
    turns = 0
    while True:
        game.refresh_from_db()
        person = person_of(game)
        if game.status != GameStatus.RUNNING or not person.alive:
            return turns
        table = table_of(players_of(game))
        turns += 1
        if game.current_phase == "night":
            hp_pick(player=person, target_id=allowed_picks(table, person.role)[0], now=NOW)
        else:
            target = next(s.id for s in table if s.alive and s.id != person.pk)
            vote_cast(game_id=person.game_id, voter_id=person.pk, target_id=target, now=NOW)


@pytest.mark.parametrize("role", ["mafia", "detective", "healer", "commoner", ""])
def test_a_solo_game_is_dealt_with_the_chosen_role_and_played_to_the_end(user, role):
    game = hp_solo_create(user=user, players=10, role=role, now=NOW)
    person = person_of(game)
    if role:
        assert person.role == role
    players = players_of(game)
    assert [p.seat for p in players] == list(range(1, 11))
    assert sum(p.computer for p in players) == 9
    assert not any(p.user.is_active for p in players if p.computer)
    assert sorted(p.role for p in players).count("mafia") == 2
    play_as_person(game)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.winner in {"mafia", "village"}
    texts = list(LogEntry.objects.filter(game=game).values_list("text", flat=True))
    assert "Game Over." in texts
    assert texts[0] == f"You are {person.name}."
    assert all(hp_of(p) >= 0 for p in players_of(game))


def test_the_night_waits_for_the_person_and_a_commoner_is_not_waited_for_at_night(user):
    game = hp_solo_create(user=user, players=5, role="healer", now=NOW)
    assert game.current_phase == "night"
    assert persons_waited_for(game, players_of(game)) == [person_of(game)]
    commoner_game = hp_solo_create(user=user, players=10, role="commoner", now=NOW)
    assert commoner_game.current_day > 1 or commoner_game.current_phase != "night"
    assert NightAction.objects.filter(game=commoner_game, night=1).exists()


def test_refused_choices_change_nothing(user):
    game = hp_solo_create(user=user, players=10, role="detective", now=NOW)
    person = person_of(game)
    fellow = Player.objects.get(game=game, role="detective", computer=True)
    with pytest.raises(GameRuleError, match="You cannot test a detective."):
        hp_pick(player=person, target_id=fellow.pk, now=NOW)
    with pytest.raises(GameRuleError, match="It is night"):
        vote_cast(game_id=person.game_id, voter_id=person.pk, target_id=fellow.pk, now=NOW)
    assert not NightAction.objects.filter(game=game, actor=person).exists()


@pytest.mark.parametrize(("players", "role"), [(4, ""), (21, ""), (10, "cop")])
def test_a_solo_game_needs_5_to_20_players_and_a_known_role(user, players, role):
    with pytest.raises(GameRuleError):
        hp_solo_create(user=user, players=players, role=role, now=NOW)


def test_hp_is_kept_exactly(user):
    game = hp_solo_create(user=user, players=15, role="commoner", now=NOW)
    play_as_person(game)
    assert all(isinstance(hp_of(p), Fraction) for p in players_of(game))
