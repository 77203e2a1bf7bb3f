import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from game.errors import GameRuleError
from game.models import Item, Player
from game.services.lobby.setup import item_holder_set, items_deal
from tests.conftest import client_for
from tests.factories import (
    START,
    UserFactory,
    make_game,
    moderator_of,
    running_game,
    seeded,
    sign_up,
)

pytestmark = pytest.mark.django_db


def png_file() -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(buffer, format="PNG")
    return SimpleUploadedFile("me.png", buffer.getvalue(), content_type="image/png")


def test_a_user_signs_up_with_an_introduction_and_a_photo():
    game = make_game()
    user = UserFactory()
    response = client_for(user).post(
        reverse("signup", args=[game.pk]),
        {"introduction": "Third floor, room 301.", "photo": png_file()},
    )
    assert response.status_code == 302
    player = Player.objects.get(game=game, user=user)
    assert player.introduction == "Third floor, room 301."
    assert player.photo.name.endswith(".png")


def test_a_sign_up_without_an_introduction_is_taken_since_it_is_optional():
    game = make_game()
    response = client_for(UserFactory()).post(
        reverse("signup", args=[game.pk]), {"introduction": ""}, follow=True
    )
    assert "This field is required" not in response.content.decode()
    assert Player.objects.filter(game=game, introduction="").exists()


def test_moving_an_item_during_the_game_needs_a_reason():
    game, players = running_game(4)
    items = Item.objects.create(game=game, kind="shovel", holder=players[1])
    with pytest.raises(GameRuleError, match="reason"):
        item_holder_set(
            game_id=game.pk,
            item_id=items.pk,
            holder_id=players[2].pk,
            by=moderator_of(game),
            now=START,
        )
    item_holder_set(
        game_id=game.pk,
        item_id=items.pk,
        holder_id=players[2].pk,
        by=moderator_of(game),
        now=START,
        reason="transfer reported by email",
    )
    items.refresh_from_db()
    assert items.holder == players[2]


def test_the_moderator_gives_an_item_by_hand_before_the_start():
    game = make_game(setup={"items": {"shovel": 2}})
    first, second = sign_up(game, 2)
    items_deal(game_id=game.pk, by=moderator_of(game), now=START, rng=seeded())
    item = Item.objects.filter(game=game).first()
    response = client_for(moderator_of(game)).post(
        reverse("mod_item_give", args=[game.pk, item.pk]), {"holder": str(second.pk)}
    )
    assert response.status_code == 302
    item.refresh_from_db()
    assert item.holder == second


def test_a_forged_holder_from_another_game_is_refused():
    game = make_game(setup={"items": {"shovel": 2}})
    sign_up(game, 2)
    other = make_game(name="Other")
    (stranger,) = sign_up(other, 1, prefix="o")
    items_deal(game_id=game.pk, by=moderator_of(game), now=START, rng=seeded())
    item = Item.objects.filter(game=game).first()
    before = item.holder_id
    response = client_for(moderator_of(game)).post(
        reverse("mod_item_give", args=[game.pk, item.pk]),
        {"holder": str(stranger.pk)},
        follow=True,
    )
    assert "not in this game" in response.content.decode()
    item.refresh_from_db()
    assert item.holder_id == before


def test_every_page_renders_for_its_audience():
    game, players = running_game(5)
    player_client = client_for(players[2].user)
    for name in ("home", "profile"):
        assert player_client.get(reverse(name)).status_code == 200
    for name in ("game_detail", "role_card", "game_log"):
        assert player_client.get(reverse(name, args=[game.pk])).status_code == 200
    assert (
        client_for(moderator_of(game)).get(reverse("mod_dashboard", args=[game.pk])).status_code
        == 200
    )
    assert client_for(UserFactory()).get(reverse("game_new")).status_code == 200
