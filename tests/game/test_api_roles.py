import datetime as dt
import json

import pytest
import time_machine

from game.models import Item, Tazing
from game.rulesets.live_action.items import ItemKind
from tests.conftest import client_for
from tests.game.helpers import current_day
from tests.game.kills_setup import town

pytestmark = pytest.mark.django_db


def post(client, url, body=None):
    return client.post(url, json.dumps(body or {}), content_type="application/json")


def test_the_operation_ids_are_published(client):
    schema = client.get("/api/v1/openapi.json").json()
    ids = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    assert ids >= {"desperado_request", "desperado_cancel", "taser_write", "taser_use"}


def test_a_desperado_asks_and_cancels_through_the_api():
    t = town()
    api = client_for(t.desperado.user)
    base = f"/api/v1/games/{t.game.pk}/desperado"
    with time_machine.travel(current_day(t.game).started_at + dt.timedelta(hours=1)):
        asked = post(api, base)
        assert asked.status_code == 201 and asked.json()["requested_day"] == 1
        again = post(api, base)
        assert again.status_code == 400 and "already asked" in again.json()["detail"]
        cancelled = post(api, f"{base}/cancel")
    assert cancelled.status_code == 200 and cancelled.json()["cancelled_at"] is not None


def test_a_player_who_is_not_a_desperado_gets_a_404():
    t = town()
    assert (
        post(client_for(t.investigator.user), f"/api/v1/games/{t.game.pk}/desperado").status_code
        == 404
    )


def test_a_taser_is_written_and_used_through_the_api():
    t = town()
    holder = t.townies[0]
    taser = Item.objects.create(game=t.game, kind=ItemKind.TASER, holder=holder)
    api = client_for(holder.user)
    base = f"/api/v1/games/{t.game.pk}/tasers/{taser.pk}"
    start = current_day(t.game).started_at
    with time_machine.travel(start + dt.timedelta(minutes=10)):
        written = post(api, f"{base}/write", {"target_id": t.vigilante.pk})
        assert written.status_code == 200 and written.json()["target_id"] == t.vigilante.pk
        early = post(api, f"{base}/use", {"target_id": t.vigilante.pk})
        assert early.status_code == 400 and "5 minutes" in early.json()["detail"]
    with time_machine.travel(start + dt.timedelta(minutes=16)):
        wrong = post(api, f"{base}/use", {"target_id": t.mafia.pk})
        assert wrong.status_code == 400
        used = post(api, f"{base}/use", {"target_id": t.vigilante.pk})
    assert used.status_code == 201 and used.json()["target_id"] == t.vigilante.pk
    assert Tazing.objects.get().tazer == holder
