import json

import pytest

from game.models import Investigation, Kill, KillStatus, MafiaPowerUse
from tests.conftest import client_for
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db

OPERATIONS = {
    "kill_report",
    "kill_confirm",
    "kill_reject",
    "site_visit_report",
    "investigation_request",
    "investigation_answer",
    "shovel_use",
    "mafia_frame",
    "mafia_plant_evidence",
    "mafia_manipulate_press",
    "mafia_designate_don",
    "mafia_poison",
    "mafia_conscript",
    "mafia_trap_set",
    "mafia_hitman_hire",
    "mafia_stalk",
    "stalker_target_set",
    "innocent_child_reveal",
    "moderator_queue",
}


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def test_the_operation_ids_are_published(client):
    schema = client.get("/api/v1/openapi.json").json()
    ids = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    assert ids >= OPERATIONS


def test_report_confirm_visit_ask_and_answer_through_the_api():
    t = town()
    base = f"/api/v1/games/{t.game.pk}"
    mafia, mod, inv = client_for(t.mafia.user), client_for(t.mod), client_for(t.investigator.user)
    victim, innocent = t.townies[0], t.townies[1]
    framed = post(mafia, f"{base}/mafia/frame", {"suspect_id": innocent.pk, "victim_id": victim.pk})
    assert framed.status_code == 201
    made = post(
        client_for(t.mafia2.user),
        f"{base}/kills",
        {"side": "killer", "other_player_id": victim.pk, "method": "free_kill", "location": "x"},
    )
    assert made.status_code == 201
    kill_id = made.json()["id"]
    assert post(mod, f"{base}/kills/{kill_id}/confirm", {}).json()["status"] == "confirmed"
    assert post(inv, f"{base}/site-visits", {"victim_id": victim.pk}).status_code == 201
    asked = post(
        inv,
        f"{base}/investigations",
        {"capacity": "investigator", "victim_id": victim.pk, "suspect_ids": [innocent.pk]},
    )
    assert asked.status_code == 201 and asked.json()["answer"] is None
    queue = mod.get(f"{base}/mod/queue").json()
    assert [(e["kind"], e["summary"]) for e in queue] == [("investigation", "yes (framed)")]
    sent = post(mod, f"{base}/investigations/{asked.json()['id']}/answer", {})
    assert sent.json()["answer"] is True
    mine = inv.get(f"{base}/results/{t.investigator.pk}").json()
    assert mine["investigations"][0]["answer"] is True
    assert "reasons" not in json.dumps(mine)


def test_rule_errors_come_back_as_4xx_with_the_message_and_store_nothing():
    t = town()
    base = f"/api/v1/games/{t.game.pk}"
    response = post(
        client_for(t.mafia.user),
        f"{base}/kills",
        {"side": "killer", "other_player_id": t.mafia.pk, "method": "free_kill", "location": "x"},
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "You cannot report a kill on yourself."
    assert Kill.objects.count() == 0


def test_players_cannot_use_moderator_or_mafia_operations():
    t = town()
    base = f"/api/v1/games/{t.game.pk}"
    kill = confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    townie = client_for(t.townies[1].user)
    assert townie.get(f"{base}/mod/queue").status_code == 404
    assert post(townie, f"{base}/kills/{kill.pk}/reject", {"reason": "x"}).status_code == 404
    assert post(townie, f"{base}/mafia/don", {"don_id": t.townies[1].pk}).status_code == 404
    assert MafiaPowerUse.objects.count() == 0
    assert Investigation.objects.count() == 0
    kill.refresh_from_db()
    assert kill.status == KillStatus.CONFIRMED


def test_press_plant_don_and_shovel_through_the_api():
    t = town()
    base = f"/api/v1/games/{t.game.pk}"
    mafia = client_for(t.mafia.user)
    kill = confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    assert post(mafia, f"{base}/mafia/manipulate-press", {"kill_id": kill.pk}).status_code == 201
    plant = {"target_id": t.townies[0].pk, "role": "mafia", "alignment": "mafia"}
    assert post(mafia, f"{base}/mafia/plant-evidence", plant).status_code == 201
    assert post(mafia, f"{base}/mafia/don", {"don_id": t.mafia2.pk}).status_code == 201
    t.give_shovel(t.investigator)
    dug = post(
        client_for(t.investigator.user), f"{base}/shovels", {"dead_player_id": t.townies[0].pk}
    )
    assert dug.status_code == 201 and dug.json()["role"] is None
    sent = post(client_for(t.mod), f"{base}/shovels/{dug.json()['id']}/send", {})
    assert (sent.json()["role"], sent.json()["alignment"]) == ("mafia", "mafia")


def test_a_moderator_edits_a_victims_report_before_confirming():
    t = town()
    base = f"/api/v1/games/{t.game.pk}"
    made = post(client_for(t.townies[0].user), f"{base}/kills", {"side": "victim", "location": "x"})
    edited = client_for(t.mod).patch(
        f"{base}/kills/{made.json()['id']}",
        json.dumps({"reason": "asked", "killer_id": t.mafia.pk, "method": "free_kill"}),
        content_type="application/json",
    )
    assert (edited.json()["killer_id"], edited.json()["method"]) == (t.mafia.pk, "free_kill")
