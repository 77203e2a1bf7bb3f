"""Conscript (R39) in the mafia's hands: told, mafia-aligned, the Den and the mafia powers from
the next request, lost at death; shovels show it."""

import json

import pytest
from django.test import Client

from game.errors import GameRuleError
from game.models import LogEntry, MafiaPowerUse, Visibility
from game.rulesets.live_action.powers import conscript
from game.services.items_offices.shovels import shovel_use
from game.services.mafia_powers.mafia import mafia_conscript, mafia_poison
from tests.conftest import client_for
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def test_the_rule_takes_a_living_player_who_is_not_mafia_aligned():
    assert (
        conscript.conscript_refusals(target=3, target_alive=True, target_mafia_aligned=False) == []
    )
    (dead,) = conscript.conscript_refusals(target=3, target_alive=False, target_mafia_aligned=False)
    assert dead.render({3: "Casey"}) == "Casey is dead: only the living can be conscripted (R39)."
    (mafia,) = conscript.conscript_refusals(target=3, target_alive=True, target_mafia_aligned=True)
    assert mafia.code == "conscript_target_mafia"


def conscript_player(t, by, target, minutes=10):
    return mafia_conscript(game_id=t.game.pk, by=by.user, target_id=target.pk, now=t.at(minutes))


def test_the_conscript_is_told_keeps_their_role_and_is_mafia_aligned():
    t = town()
    use = conscript_player(t, t.mafia, t.investigator)
    t.refresh()
    assert use.target == t.investigator and use.used_by == t.mafia
    assert t.investigator.conscripted and t.investigator.role == "investigator"
    assert t.investigator.mafia_aligned
    told = LogEntry.objects.get(kind="conscripted")
    assert list(told.recipients.all()) == [t.investigator] and "R39" in told.text
    mafia_log = LogEntry.objects.get(kind="mafia_conscript", visibility=Visibility.MAFIA)
    assert "(0 of 1 Conscript left.)" in mafia_log.text


def test_the_conscript_sees_the_mafia_page_and_log_from_the_next_request_and_uses_the_powers():
    t = town()
    client = client_for(t.investigator.user)
    assert client.get(f"/games/{t.game.pk}/mafia/").status_code == 404
    conscript_player(t, t.mafia, t.investigator)
    page = client.get(f"/games/{t.game.pk}/mafia/")
    assert page.status_code == 200 and 'id="poison"' in page.content.decode()
    log = client.get(f"/games/{t.game.pk}/log/").content.decode()
    assert f"{t.investigator.name} was conscripted by the mafia." in log
    mafia_poison(game_id=t.game.pk, by=t.investigator.user, victim_id=t.townies[0].pk, now=t.at(20))
    confirmed_kill(t, t.vigilante, t.investigator, "vigilante", 30)
    assert client.get(f"/games/{t.game.pk}/mafia/").status_code == 404


def test_a_shovel_on_a_dead_conscript_shows_the_conscription():
    t = town()
    conscript_player(t, t.mafia, t.priest)
    confirmed_kill(t, t.vigilante, t.priest, "vigilante", 30)
    t.give_shovel(t.investigator)
    use = shovel_use(
        game_id=t.game.pk, by=t.investigator.user, dead_player_id=t.priest.pk, now=t.at(40)
    )
    assert (use.role, use.alignment, use.conscripted) == ("priest", "mafia", True)


@pytest.mark.parametrize(
    "case", ["dead target", "mafia target", "second use", "townie", "dead mafia"]
)
def test_refused_conscriptions_change_nothing(case):
    t = town()
    by, target = t.mafia, t.townies[0]
    if case == "dead target":
        confirmed_kill(t, t.serial_killer, target, "serial_killer", 5)
    if case == "mafia target":
        target = t.mafia2
    if case == "second use":
        conscript_player(t, t.mafia, t.townies[1], minutes=5)
    if case == "townie":
        by = t.townies[1]
    if case == "dead mafia":
        confirmed_kill(t, t.vigilante, t.mafia2, "vigilante", 5)
        by = t.mafia2
    uses = MafiaPowerUse.objects.count()
    with pytest.raises(GameRuleError):
        conscript_player(t, by, target, minutes=20)
    target.refresh_from_db()
    assert not target.conscripted and MafiaPowerUse.objects.count() == uses


def test_the_api_conscripts_and_hides_the_operation_from_others():
    t = town()
    url = f"/api/v1/games/{t.game.pk}/mafia/conscript"
    body = json.dumps({"target_id": t.townies[0].pk})
    for outsider in (client_for(t.townies[1].user), client_for(t.serial_killer.user), Client()):
        answer = outsider.post(url, body, content_type="application/json")
        assert (
            answer.status_code in (401, 403, 404)
            and "conscript" not in answer.content.decode().lower()
        )
    done = client_for(t.mafia.user).post(url, body, content_type="application/json")
    assert done.status_code == 201 and done.json()["charges_left"] == 0
    refused = client_for(t.mafia2.user).post(
        url, json.dumps({"target_id": t.townies[1].pk}), content_type="application/json"
    )
    assert refused.status_code == 400 and "no Conscript left" in refused.json()["detail"]


def test_the_conscript_form_asks_with_the_target_and_refuses_on_its_page():
    t = town()
    client = client_for(t.mafia.user)
    page = client.get(f"/games/{t.game.pk}/mafia/").content.decode()
    assert 'data-confirm="Conscript {target}? 0 of 1 conscriptions left after this."' in page
    refused = client.post(f"/games/{t.game.pk}/mafia/conscript/", {"target": t.mafia2.pk})
    assert refused.status_code == 422 and "already mafia-aligned" in refused.content.decode()
    done = client.post(f"/games/{t.game.pk}/mafia/conscript/", {"target": t.townies[0].pk})
    assert done.status_code == 302


def test_the_conscripts_own_card_in_the_api_says_mafia_aligned():
    t = town()
    client = client_for(t.investigator.user)
    url = f"/api/v1/games/{t.game.pk}"
    assert client.get(url).json()["you"]["alignment"] == "town"
    conscript_player(t, t.mafia, t.investigator)
    card = client.get(url).json()["you"]
    assert card["role"] == "investigator" and card["alignment"] == "mafia"
