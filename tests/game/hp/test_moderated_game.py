"""An HP game of several people with a moderator (H1, H2, H12): signed up, dealt and started as
any game, played by its people, each seeing their own HP and the moderator everyone's."""

import datetime as dt

import pytest
from django.urls import reverse

from game.models import GameStatus, LogEntry, Player
from game.rulesets.hp.choices import allowed_picks
from game.services.days.votes import vote_cast
from game.services.deadlines import process_due_events
from game.services.hp.actions import hp_pick
from game.services.lobby.setup import game_start, roles_assign
from game.snapshots.hp import hp_of, table_of
from game.snapshots.hp_turns import persons_waited_for, players_of
from tests.conftest import client_for
from tests.factories import make_game, moderator_of, sign_up

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 26, 20, 0, tzinfo=dt.UTC)


def test_a_moderated_game_of_several_people_is_played_to_the_end():
    game = make_game(ruleset="hp")
    sign_up(game, 6)
    moderator = moderator_of(game)
    roles_assign(game_id=game.pk, by=moderator, now=NOW)
    game_start(game_id=game.pk, by=moderator, now=NOW)
    game.refresh_from_db()
    players = players_of(game)
    assert [p.seat for p in players] == [1, 2, 3, 4, 5, 6]
    assert sorted(hp_of(p) for p in players) == [800, 800, 1000, 1000, 1000, 2500]
    assert game.current_phase == "night" and game.current_day == 1
    for _ in range(100):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        waiting = persons_waited_for(game, players_of(game))
        table = table_of(players_of(game))
        for person in waiting:
            if game.current_phase == "night":
                hp_pick(player=person, target_id=allowed_picks(table, person.role)[-1], now=NOW)
            else:
                target = next(s.id for s in table if s.alive and s.id != person.pk)
                vote_cast(game_id=person.game_id, voter_id=person.pk, target_id=target, now=NOW)
            game.refresh_from_db()
            if game.status == GameStatus.FINISHED:
                break
    assert game.status == GameStatus.FINISHED
    assert LogEntry.objects.filter(game=game, text="Game Over.").exists()


def test_the_moderator_sees_every_hp_and_a_player_only_their_own():
    game = make_game(ruleset="hp")
    sign_up(game, 5)
    moderator = moderator_of(game)
    roles_assign(game_id=game.pk, by=moderator, now=NOW)
    game_start(game_id=game.pk, by=moderator, now=NOW)
    url = reverse("hp_game", args=[game.pk])
    page = client_for(moderator).get(url).content.decode()
    assert page.count(" HP</li>") == 5
    player = Player.objects.filter(game=game, role="commoner").first()
    mine = client_for(player.user).get(url).content.decode()
    assert "1000 HP" in mine and " HP</li>" not in mine and "2500 HP" not in mine


def test_a_moderated_games_night_and_votes_end_at_their_deadlines_whoever_has_not_acted():
    """C1 deadlines on an HP game: nobody acts; the night ends with no choice, each tied vote
    (nobody voted) is repeated, and the third is drawn (H8), exactly once each."""
    game = make_game(ruleset="hp", phase_minutes=10)
    sign_up(game, 5)
    moderator = moderator_of(game)
    roles_assign(game_id=game.pk, by=moderator, now=NOW)
    game_start(game_id=game.pk, by=moderator, now=NOW)
    for step in range(1, 5):
        assert process_due_events(now=NOW + dt.timedelta(minutes=10 * step + 1)) == 1
    texts = list(LogEntry.objects.filter(game=game).values_list("text", flat=True))
    assert "No one died." in texts
    assert sum(t.startswith("The votes are tied between") for t in texts) == 2
    assert sum(t.startswith("The votes are tied a third time") for t in texts) == 1
    assert sum(t.endswith("has been voted out.") for t in texts) == 1
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED or (game.current_day, game.current_phase) == (
        2,
        "night",
    )
    assert process_due_events(now=NOW + dt.timedelta(minutes=41)) == 0
