"""How a kill was made names the killer's role (a free kill is the mafia's, a vigilante shot the
vigilante's): the victim, still alive until a moderator confirms (R11), must not read it from the
killer's report (R50)."""

import json

import pytest

from tests.conftest import client_for
from tests.game.kills_setup import town

pytestmark = pytest.mark.django_db


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def killer_reports(t, killer, victim, method="free_kill"):
    response = post(
        client_for(killer.user),
        f"/api/v1/games/{t.game.pk}/kills",
        {"side": "killer", "other_player_id": victim.pk, "method": method, "location": "hall"},
    )
    assert response.status_code == 201
    return response.json()


def test_the_victims_kills_page_does_not_show_the_method_the_killer_reported():
    t = town()
    victim = t.townies[0]
    killer_reports(t, t.mafia, victim)
    page = client_for(victim.user).get(f"/games/{t.game.pk}/kills/")
    text = page.content.decode()
    # The kills that involve the victim: waiting for them at the top, the others further down
    # (the report form between them lists every method, as it must).
    waiting = text.split('id="kills-waiting"')[1].split("Report a kill")[0]
    mine = waiting + text.split("Your kills and death")[1]
    assert "Mafia free kill" not in mine
    assert "method unknown" in mine


def test_the_killer_still_sees_the_method_they_reported():
    t = town()
    killer_reports(t, t.vigilante, t.townies[0], method="vigilante")
    page = client_for(t.vigilante.user).get(f"/games/{t.game.pk}/kills/")
    assert "Vigilante ·" in page.content.decode().split("Your kills and death")[1]


def test_a_victim_who_named_the_method_sees_it():
    t = town()
    response = post(
        client_for(t.townies[0].user),
        f"/api/v1/games/{t.game.pk}/kills",
        {"side": "victim", "other_player_id": t.mafia.pk, "method": "free_kill", "location": "x"},
    )
    assert response.json()["method"] == "free_kill"
    page = client_for(t.townies[0].user).get(f"/games/{t.game.pk}/kills/")
    assert "Mafia free kill" in page.content.decode().split("Your kills and death")[1]


def test_the_api_does_not_tell_the_responding_victim_the_killers_method():
    t = town()
    victim = t.townies[0]
    kill = killer_reports(t, t.serial_killer, victim, method="serial_killer")
    response = post(
        client_for(victim.user),
        f"/api/v1/games/{t.game.pk}/kills/{kill['id']}/respond",
        {"agrees": True},
    )
    assert response.status_code == 200
    assert response.json()["method"] == ""


def test_the_api_does_not_tell_a_victim_reporting_second_the_killers_method():
    t = town()
    victim = t.townies[0]
    killer_reports(t, t.serial_killer, victim, method="serial_killer")
    response = post(
        client_for(victim.user),
        f"/api/v1/games/{t.game.pk}/kills",
        {"side": "victim", "other_player_id": None, "method": "", "location": "hall"},
    )
    assert response.status_code == 201
    assert response.json()["method"] == ""
