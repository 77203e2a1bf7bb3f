"""Scheme (R34) through the kill report: the R12 checks decide, the mafia page shows the use."""

import pytest

from game.errors import GameRuleError
from game.permissions import viewer_for
from game.selectors.mafia import mafia_state
from game.services.killing.kill_decisions import kill_confirm
from tests.conftest import client_for
from tests.game.kills_setup import confirmed_kill, reported_kill, town

pytestmark = pytest.mark.django_db


def test_a_mafia_with_no_kill_today_schemes_an_extra_kill_once_per_game():
    t = town()
    state = mafia_state(viewer_for(t.mafia.user, t.game))
    assert state.uses_left["scheme"] == 1
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    confirmed_kill(t, t.mafia2, t.townies[1], "scheme", 40)
    assert not t.townies[1].alive
    assert mafia_state(viewer_for(t.mafia.user, t.game)).uses_left["scheme"] == 0
    page = client_for(t.mafia2.user).get(f"/games/{t.game.pk}/mafia/").content.decode()
    assert 'data-power="scheme">0</strong> of 1 left' in page
    kill = reported_kill(t, t.mafia, t.townies[2], "scheme", 50)
    with pytest.raises(GameRuleError, match="already used Scheme"):
        kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(60))


def test_the_mafia_who_made_todays_kill_cannot_scheme_while_another_has_not_killed():
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    kill = reported_kill(t, t.mafia, t.townies[1], "scheme", 40)
    with pytest.raises(GameRuleError, match="R34"):
        kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(50))
    t.refresh()
    assert t.townies[1].alive
