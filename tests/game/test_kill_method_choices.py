"""The Kills page: the killer's "How" list (R11) offers the methods the reporter's role and side
allow first, the likeliest leading; a kill waiting for the player sits above the report form."""

import datetime as dt
import re

import pytest

from game.models import Player
from game.selectors.kills import kill_methods_for
from game.services.killing.kills import kill_report
from tests.conftest import client_for
from tests.factories import running_game
from tests.game.helpers import current_day

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


def test_a_kill_waiting_for_the_killer_sits_above_the_report_form_labelled_for_them():
    game, (mafia, victim, *_rest) = running_game(5)
    at = current_day(game).started_at + dt.timedelta(minutes=30)
    kill_report(
        game_id=game.pk,
        by=victim.user,
        side="victim",
        other_player_id=mafia.pk,
        method="",
        location="Lobby 7",
        happened_at=at,
        now=at + dt.timedelta(minutes=1),
    )
    page = client_for(mafia.user).get(f"/games/{game.pk}/kills/").content.decode()
    assert 0 < page.index('id="kills-waiting"') < page.index('id="kill-report"')
    waiting = page.split('id="kills-waiting"')[1].split('id="kill-report"')[0]
    assert "Waiting for you" in waiting and "confirm-kill" in waiting
    assert 'id="respond-method-' in waiting and 'value="free_kill"' in waiting
    assert "Waiting for a moderator" not in waiting
