"""The rules page, the archive of finished games, the recent deaths and the introductions, with
what each keeps secret while the game runs (R50)."""

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils.html import strip_tags

from game.rulesets.live_action.powers import poison
from game.rulesets.live_action.roles import Role
from game.services.killing.deaths import player_die
from game.services.locking import lock_game
from game.services.wins import game_finish
from tests.conftest import client_for
from tests.factories import START, UserFactory, make_game, sign_up
from tests.game.kills_setup import confirmed_kill, town
from tests.game.test_pages import png_file
from tests.game.test_query_counts import build, count_queries

pytestmark = pytest.mark.django_db


def page(user, name: str, *args) -> str:
    response = client_for(user).get(reverse(name, args=args))
    assert response.status_code == 200
    return response.content.decode()


def test_the_rules_page_shows_the_rule_sets_texts_and_the_games_settings():
    t = town(secret_ballots=True)
    text = page(t.townies[0].user, "game_rules", t.game.pk)
    assert t.game.rules.role(Role.GAY_KNIGHT).summary in strip_tags(text)
    assert "Secret ballots (" in text and "R50</a>)</dt><dd>Yes" in text
    assert "America/New_York" in text


def test_every_game_page_links_to_the_rules_page():
    t = town()
    rules_url = reverse("game_rules", args=[t.game.pk])
    for name in ("game_detail", "game_log", "vote", "deaths", "introductions"):
        assert f'href="{rules_url}"' in page(t.townies[0].user, name, t.game.pk), name


def test_the_role_counts_are_the_moderators_until_the_game_is_over():
    t = town()
    assert "<h2>The deal</h2>" not in page(t.townies[0].user, "game_rules", t.game.pk)
    assert "<h2>The deal</h2>" in page(t.mod, "game_rules", t.game.pk)
    game_finish(game=t.game, winner="town", now=t.at(60), text="The town wins.")
    assert "<h2>The deal</h2>" in page(t.townies[0].user, "game_rules", t.game.pk)


def test_recent_deaths_name_the_dead_but_neither_their_role_nor_a_secret_cause():
    t = town()
    confirmed_kill(t, t.mafia, t.investigator, "free_kill", 10)
    with transaction.atomic():
        game = lock_game(t.game.pk)
        player_die(game=game, player=t.priest, at=t.at(30), cause=poison.DEATH.code)
    text = page(t.townies[0].user, "deaths", t.game.pk)
    assert f"{t.investigator.name}</strong> · Killed on day 1" in text
    assert f"{t.priest.name}</strong> · Died at the end of day 1" in text
    for secret in ("Investigator", "Priest", "Poison", "Free kill", t.mafia.name):
        assert secret not in text.split("<main", 1)[1], secret


def test_spectators_see_no_deaths_or_introductions_of_a_running_game():
    t = town()
    for name in ("deaths", "introductions", "game_rules"):
        response = client_for(UserFactory()).get(reverse(name, args=[t.game.pk]))
        assert response.status_code == 404, name


def test_introductions_show_photos_to_the_games_players_only():
    game = make_game()
    players = sign_up(game, 2)
    client_for(UserFactory()).post(
        reverse("signup", args=[game.pk]), {"introduction": "Room 301.", "photo": png_file()}
    )
    photo_player = game.players.exclude(photo="").get()
    text = page(players[0].user, "introductions", game.pk)
    assert "Room 301." in text
    assert photo_player.photo.url in text
    outsider_text = page(UserFactory(), "introductions", game.pk)
    assert "Room 301." in outsider_text
    assert photo_player.photo.url not in outsider_text
    assert client_for(UserFactory()).get(photo_player.photo.url).status_code == 404
    assert client_for(players[0].user).get(photo_player.photo.url).status_code == 200


def test_the_archive_lists_finished_games_only_with_their_roles_kills_and_log():
    t = town()
    confirmed_kill(t, t.vigilante, t.mafia, "vigilante", 10)
    running = make_game(name="Still running")
    sign_up(running, 2)
    outsider = UserFactory()
    assert t.game.name not in page(outsider, "archive")
    game_finish(game=t.game, winner="town", now=t.at(60), text="The town wins.")
    listed = page(outsider, "archive")
    assert reverse("game_over", args=[t.game.pk]) in listed
    assert "Still running" not in listed
    record = page(outsider, "game_over", t.game.pk)
    assert f"<td>{t.mafia.name}</td><td>{t.vigilante.name}</td>" in record
    assert t.game.rules.kill_method("vigilante").label in record
    assert "The town wins." in record


def test_the_game_over_page_of_a_running_game_is_not_there():
    t = town()
    response = client_for(t.townies[0].user).get(reverse("game_over", args=[t.game.pk]))
    assert response.status_code == 404


@pytest.mark.parametrize("name", ["game_rules", "deaths", "introductions"])
def test_the_new_game_pages_cost_the_same_at_10_and_100_players(name):
    counts = []
    for size in (10, 100):
        game, players = build(size)
        counts.append(count_queries(client_for(players[0].user), reverse(name, args=[game.pk])))
    assert counts[0] == counts[1]


def test_the_archive_costs_the_same_for_2_and_20_finished_games():
    viewer = UserFactory()
    counts = []
    for total in (2, 20):
        for n in range(total - (2 if total == 20 else 0)):
            game = make_game(name=f"Finished {total}-{n}")
            sign_up(game, 3)
            game_finish(game=game, winner="town", now=START, text="The town wins.")
        counts.append(count_queries(client_for(viewer), reverse("archive")))
    assert counts[0] == counts[1]
