"""R50: nobody but moderators sees another player's role, through any page or API response."""

import pytest
from django.test import Client
from django.urls import reverse

from game.models import LogEntry, Visibility
from game.rulesets.live_action.roles import ROLES_BY_CODE as LIVE_ACTION_ROLES
from game.rulesets.live_action.roles import Role
from game.services.log import log_append
from tests.conftest import client_for
from tests.factories import START, UserFactory, make_game, moderator_of, sign_up, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game_with_secrets():
    game = make_game()
    townie, mafia, knight_a, knight_b, killer = sign_up(game, 5)
    start_game(
        game,
        {
            mafia: Role.MAFIA,
            knight_a: Role.GAY_KNIGHT,
            knight_b: Role.GAY_KNIGHT,
            killer: Role.SERIAL_KILLER,
        },
    )
    return game, townie, mafia, knight_a, killer


def player_pages(game) -> list[str]:
    return [
        reverse("game_detail", args=[game.pk]),
        reverse("role_card", args=[game.pk]),
        reverse("game_log", args=[game.pk]),
        f"/api/v1/games/{game.pk}",
        f"/api/v1/games/{game.pk}/log",
    ]


def role_names_other_than(role: Role) -> list[str]:
    return [c.name for c in LIVE_ACTION_ROLES.values() if c.code not in (role, Role.TOWNIE)]


def test_a_townie_sees_no_other_role_on_any_page_or_api(game_with_secrets):
    game, townie, *_ = game_with_secrets
    client = client_for(townie.user)
    for url in player_pages(game):
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        for name in role_names_other_than(Role.TOWNIE) + ["serial_killer", "gay_knight"]:
            assert name not in body, (url, name)


def test_a_serial_killer_sees_their_own_role_and_nobody_elses(game_with_secrets):
    game, _, mafia, _, killer = game_with_secrets
    client = client_for(killer.user)
    card = client.get(reverse("role_card", args=[game.pk])).content.decode()
    assert "Serial Killer" in card
    state = client.get(f"/api/v1/games/{game.pk}").json()
    assert state["roles"] == {str(killer.pk): "serial_killer"}
    assert state["you"]["role"] == "serial_killer"
    assert state["you"]["fellow_mafia"] == []
    assert mafia.name not in card


def test_the_mafia_see_each_other_and_the_gay_knight_sees_the_partner(game_with_secrets):
    game, _, mafia, knight_a, _ = game_with_secrets
    knight_card = client_for(knight_a.user).get(f"/api/v1/games/{game.pk}").json()["you"]
    knight_a.refresh_from_db()
    assert knight_card["partner"] == knight_a.partner.name
    mafia_log = client_for(mafia.user).get(reverse("game_log", args=[game.pk])).content.decode()
    assert "The mafia are:" in mafia_log


def test_mafia_log_entries_are_hidden_from_the_town(game_with_secrets):
    game, townie, *_ = game_with_secrets
    log_page = client_for(townie.user).get(reverse("game_log", args=[game.pk])).content.decode()
    assert "The mafia are:" not in log_page
    assert LogEntry.objects.filter(game=game, visibility=Visibility.MAFIA).exists()


def test_entries_for_given_players_reach_only_them(game_with_secrets):
    game, townie, mafia, *_ = game_with_secrets
    log_append(
        game=game,
        kind="note",
        text="canary-7731 for the townie",
        visibility=Visibility.PLAYERS,
        now=START,
        recipients=[townie],
    )
    assert (
        "canary-7731"
        in client_for(townie.user).get(f"/api/v1/games/{game.pk}/log").content.decode()
    )
    assert (
        "canary-7731"
        not in client_for(mafia.user).get(f"/api/v1/games/{game.pk}/log").content.decode()
    )


def test_moderators_see_every_role(game_with_secrets):
    game, *_ = game_with_secrets
    client = client_for(moderator_of(game))
    dashboard = client.get(reverse("mod_dashboard", args=[game.pk])).content.decode()
    for name in ("Mafia", "Gay Knight", "Serial Killer", "Townie"):
        assert name in dashboard
    assert len(client.get(f"/api/v1/games/{game.pk}").json()["roles"]) == 5


@pytest.mark.parametrize("who", ["spectator", "other_game_player", "anonymous"])
def test_outsiders_get_404_for_a_running_game(game_with_secrets, who):
    game, *_ = game_with_secrets
    if who == "anonymous":
        client = Client()
    elif who == "spectator":
        client = client_for(UserFactory())
    else:
        other = make_game(name="Other")
        (outsider,) = sign_up(other, 1)
        client = client_for(outsider.user)
    for url in player_pages(game) + [reverse("mod_dashboard", args=[game.pk])]:
        response = client.get(url)
        if who == "anonymous" and not url.startswith("/api/"):
            assert response.status_code == 302, url
        else:
            assert response.status_code in (401, 404), url
        assert b"The mafia are" not in response.content


def test_players_cannot_open_the_dashboard_or_moderator_api(game_with_secrets):
    game, townie, mafia, *_ = game_with_secrets
    client = client_for(mafia.user)
    assert client.get(reverse("mod_dashboard", args=[game.pk])).status_code == 404
    response = client.post(
        f"/api/v1/games/{game.pk}/day/end", '{"day": 1}', content_type="application/json"
    )
    assert response.status_code in (403, 404)
    game.refresh_from_db()
    assert game.current_day == 1


def test_a_forged_post_to_a_moderator_action_changes_nothing(game_with_secrets):
    game, townie, *_ = game_with_secrets
    client = client_for(townie.user)
    response = client.post(reverse("mod_day_end", args=[game.pk]), {"day": "1", "reason": "forged"})
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.current_day == 1
