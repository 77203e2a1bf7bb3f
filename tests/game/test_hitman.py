"""Hire a Hitman (R38) in the mafia's hands: hired during a day for the next, the kill reported
by the victim or by the mafia on the hitman's behalf, using that day's free kill."""

import json

import pytest
from django.test import Client

from game.errors import GameRuleError
from game.models import LogEntry, MafiaPowerUse, Visibility
from game.rulesets.live_action.powers import hitman
from game.services.killing.kill_decisions import kill_confirm
from game.services.mafia_powers.mafia import mafia_hitman_hire
from tests.conftest import client_for
from tests.game.helpers import end_day
from tests.game.kills_setup import reported_kill, town

pytestmark = pytest.mark.django_db
DAY_2 = 20 * 60  # minutes after the start: day 2, in the afternoon


def test_the_rules_a_hire_during_day_d_is_for_day_d_plus_1_named_once_a_day():
    assert hitman.hired_for_day(3) == 4
    assert hitman.hire_refusals(hitman="the tall one", day=4, hired_days=frozenset()) == []
    (nameless,) = hitman.hire_refusals(hitman="  ", day=4, hired_days=frozenset())
    assert nameless.code == "hitman_nameless"
    (twice,) = hitman.hire_refusals(hitman="x", day=4, hired_days=frozenset({4}))
    assert str(twice) == "A hitman is already hired for day 4 (R38)."


def hire(t, by, minutes=10):
    return mafia_hitman_hire(
        game_id=t.game.pk, by=by.user, hitman_name="the barista", now=t.at(minutes)
    )


def test_the_mafia_report_the_hitmans_kill_the_next_day_and_it_uses_the_free_kill():
    t = town()
    use = hire(t, t.mafia)
    assert (use.day, use.hitman_name) == (2, "the barista")
    told = LogEntry.objects.get(kind="mafia_hitman", visibility=Visibility.MAFIA)
    assert "for day 2" in told.text and "(0 of 1 Hire a Hitman left.)" in told.text
    end_day(t.game)
    kill = reported_kill(t, t.mafia2, t.townies[0], "hitman", DAY_2)
    assert kill.killer is None and kill.method == "hitman"
    kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(DAY_2 + 5))
    t.refresh()
    assert not t.townies[0].alive
    free = reported_kill(t, t.mafia, t.townies[1], "free_kill", DAY_2 + 30)
    with pytest.raises(GameRuleError, match="free kill"):
        kill_confirm(game_id=t.game.pk, kill_id=free.pk, by=t.mod, now=t.at(DAY_2 + 40))


def test_a_hitman_kill_on_the_day_of_the_hire_is_refused_and_townies_cannot_report_one():
    t = town()
    hire(t, t.mafia)
    kill = reported_kill(t, t.mafia, t.townies[0], "hitman", 30)
    with pytest.raises(GameRuleError, match="No hitman was hired for today"):
        kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(40))
    with pytest.raises(GameRuleError, match="R38"):
        reported_kill(t, t.investigator, t.townies[1], "hitman", 50)


@pytest.mark.parametrize("case", ["second hire", "townie", "no name"])
def test_refused_hires_change_nothing(case):
    t = town()
    by, name = t.mafia, "the barista"
    if case == "second hire":
        hire(t, t.mafia2, minutes=5)
    if case == "townie":
        by = t.townies[0]
    if case == "no name":
        name = " "
    uses = MafiaPowerUse.objects.count()
    with pytest.raises(GameRuleError):
        mafia_hitman_hire(game_id=t.game.pk, by=by.user, hitman_name=name, now=t.at(20))
    assert MafiaPowerUse.objects.count() == uses


def test_the_api_hires_and_hides_the_operation_from_others():
    t = town()
    url = f"/api/v1/games/{t.game.pk}/mafia/hitman"
    body = json.dumps({"hitman_name": "the barista"})
    for outsider in (client_for(t.townies[1].user), client_for(t.serial_killer.user), Client()):
        answer = outsider.post(url, body, content_type="application/json")
        assert (
            answer.status_code in (401, 403, 404)
            and "hitman" not in answer.content.decode().lower()
        )
    done = client_for(t.mafia.user).post(url, body, content_type="application/json")
    assert done.status_code == 201 and (done.json()["day"], done.json()["charges_left"]) == (2, 0)


def test_the_hitman_form_asks_and_refuses_on_its_page():
    t = town()
    client = client_for(t.mafia.user)
    page = client.get(f"/games/{t.game.pk}/mafia/").content.decode()
    assert 'data-confirm="Hire this hitman for day 2? 0 of 1 hires left after this."' in page
    refused = client.post(f"/games/{t.game.pk}/mafia/hitman/", {"hitman_name": ""})
    assert refused.status_code == 422
    done = client.post(f"/games/{t.game.pk}/mafia/hitman/", {"hitman_name": "the barista"})
    assert done.status_code == 302 and MafiaPowerUse.objects.filter(power="hitman").count() == 1
