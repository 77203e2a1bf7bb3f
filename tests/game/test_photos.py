"""Sign-up photos: stored under random names, served to the game's players and moderators only,
by the app itself or by nginx through X-Accel-Redirect."""

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from game.models import Player
from tests.conftest import client_for
from tests.factories import UserFactory, make_game, moderator_of, sign_up
from tests.game.test_pages import png_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def photographed():
    """A game in sign-ups with one player who uploaded a photo, and one more player."""
    game = make_game()
    user = UserFactory()
    client_for(user).post(
        reverse("signup", args=[game.pk]), {"introduction": "Room 301.", "photo": png_file()}
    )
    (other,) = sign_up(game, 1)
    return game, Player.objects.get(game=game, user=user), other


def test_a_photo_is_stored_under_a_random_name(photographed):
    _, player, _ = photographed
    assert player.photo.name.startswith("signups/")
    assert player.photo.name.endswith(".png")
    stem = player.photo.name.removeprefix("signups/").removesuffix(".png")
    assert stem != "me"
    assert len(stem) >= 32
    other_user = UserFactory()
    client_for(other_user).post(
        reverse("signup", args=[player.game_id]), {"introduction": "Room 302.", "photo": png_file()}
    )
    other_photo = Player.objects.get(game_id=player.game_id, user=other_user).photo.name
    assert other_photo != player.photo.name, "the same upload gets another random name"


def test_the_games_players_and_moderators_see_the_photo(photographed):
    game, player, other = photographed
    for user in (player.user, other.user, moderator_of(game)):
        response = client_for(user).get(player.photo.url)
        assert response.status_code == 200
        assert response["Content-Type"] == "image/png"
        assert response["Cache-Control"] == "private, max-age=86400"
        assert b"".join(response.streaming_content) == player.photo.open("rb").read()


def test_outsiders_and_players_of_another_game_get_404(photographed):
    _, player, _ = photographed
    (elsewhere,) = sign_up(make_game(), 1)
    for client in (Client(), client_for(UserFactory()), client_for(elsewhere.user)):
        assert client.get(player.photo.url).status_code == 404


def test_a_name_no_player_has_is_404_to_everyone(photographed):
    _, player, _ = photographed
    assert client_for(player.user).get("/media/signups/nothing-here.png").status_code == 404
    assert client_for(player.user).get("/media/").status_code == 404


@override_settings(MEDIA_ACCEL_REDIRECT="/protected-media/")
def test_behind_nginx_the_app_only_decides_and_nginx_sends_the_file(photographed):
    _, player, _ = photographed
    response = client_for(player.user).get(player.photo.url)
    assert response.status_code == 200
    assert response["X-Accel-Redirect"] == "/protected-media/" + player.photo.name
    assert response.content == b""
    outsider = client_for(UserFactory()).get(player.photo.url)
    assert outsider.status_code == 404
    assert "X-Accel-Redirect" not in outsider


def test_the_signup_page_shows_photos_to_the_games_players_only(photographed):
    game, player, other = photographed
    url = reverse("game_detail", args=[game.pk])
    assert player.photo.url.encode() in client_for(other.user).get(url).content
    assert player.photo.url.encode() not in client_for(UserFactory()).get(url).content
