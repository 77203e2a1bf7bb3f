"""The killer's "How" list (R11): the methods the reporter's role and side allow come first, the
likeliest leading, so the default is never "I don't know (victims only)"."""

import re

import pytest

from game.models import Player
from game.selectors.kills import kill_methods_for
from tests.conftest import client_for
from tests.factories import running_game

pytestmark = pytest.mark.django_db


def options(html: str) -> list[str]:
    select = html.split('id="kill-method"')[1].split("</select>")[0]
    return re.findall(r'<option value="([^"]*)"', select)


def test_a_mafia_member_is_offered_the_mafias_kills_first_the_free_kill_leading():
    game, (mafia, *_rest) = running_game(5)
    page = client_for(mafia.user).get(f"/games/{game.pk}/kills/").content.decode()
    first = options(page)[0]
    assert first == "free_kill"
    yours, _others = kill_methods_for(game, mafia)
    assert "vigilante" not in dict(yours) and "free_kill" in dict(yours)


def test_a_vigilante_is_offered_their_own_kill_first():
    game, (_m, vigilante, *_rest) = running_game(5)
    Player.objects.filter(pk=vigilante.pk).update(role="vigilante")
    vigilante.refresh_from_db()
    page = client_for(vigilante.user).get(f"/games/{game.pk}/kills/").content.decode()
    assert options(page)[0] == "vigilante"
    assert "free_kill" in options(page), "a victim may still name the mafia's free kill"


def test_a_townie_who_cannot_kill_is_asked_how_they_were_killed():
    game, (_m, townie, *_rest) = running_game(5)
    page = client_for(townie.user).get(f"/games/{game.pk}/kills/").content.decode()
    assert options(page)[0] == ""
    assert "Your role cannot kill" in page
