"""Ids from another game are forged input: a moderator of game A acting through A's pages or API
on a kill, investigation, shovel use or item of game B gets 404 and changes nothing (brief)."""

import json

import pytest

from game.models import Investigation, Item, Kill, KillStatus, ResultStatus, ShovelUse
from game.rulesets.live_action.items import ItemKind
from game.services.items_offices.shovels import shovel_use
from tests.conftest import client_for
from tests.game.investigation_steps import ask, visit
from tests.game.kills_setup import confirmed_kill, reported_kill, town

pytestmark = pytest.mark.django_db


def game_b_with_pending_work():
    b = town()
    confirmed_kill(b, b.mafia, b.townies[0], "free_kill", 10)
    pending = reported_kill(b, b.serial_killer, b.townies[1], "serial_killer", 20, location="hall")
    visit(b, b.investigator, b.townies[0], 30)
    asked = ask(b, b.investigator, b.townies[0], [b.mafia], minutes=31)
    b.give_shovel(b.vigilante)
    dug = shovel_use(
        game_id=b.game.pk, by=b.vigilante.user, dead_player_id=b.townies[0].pk, now=b.at(32)
    )
    item = Item.objects.create(game=b.game, kind=ItemKind.SHOVEL, holder=b.priest)
    return b, pending, asked, dug, item


def unchanged(pending, asked, dug, item):
    pending.refresh_from_db()
    asked.refresh_from_db()
    dug.refresh_from_db()
    item.refresh_from_db()
    return (
        pending.status == KillStatus.PENDING
        and pending.method == "serial_killer"
        and asked.status == ResultStatus.PENDING
        and dug.status == ResultStatus.PENDING
        and item.holder_id is not None
        and item.holder.game_id == item.game_id
    )


def test_moderator_pages_of_game_a_answer_404_for_game_b_ids():
    a = town()
    b, pending, asked, dug, item = game_b_with_pending_work()
    mod = client_for(a.mod)
    base = f"/games/{a.game.pk}/mod"
    attempts = {
        f"{base}/kills/{pending.pk}/confirm/": {"reason": "x", "override": "on"},
        f"{base}/kills/{pending.pk}/reject/": {"reason": "x"},
        f"{base}/kills/{pending.pk}/edit/": {"method": "vigilante", "reason": "x"},
        f"{base}/investigations/{asked.pk}/answer/": {"answer": "yes", "reason": "x"},
        f"{base}/shovels/{dug.pk}/send/": {},
        f"{base}/items/{item.pk}/give/": {"holder": a.townies[0].pk},
    }
    statuses = {url: mod.post(url, body).status_code for url, body in attempts.items()}
    assert statuses == {url: 404 for url in attempts}
    assert unchanged(pending, asked, dug, item)


def test_moderator_api_of_game_a_answers_404_for_game_b_ids():
    a = town()
    b, pending, asked, dug, item = game_b_with_pending_work()
    mod = client_for(a.mod)
    base = f"/api/v1/games/{a.game.pk}"
    attempts = [
        ("post", f"{base}/kills/{pending.pk}/confirm", {"override": True}),
        ("post", f"{base}/kills/{pending.pk}/reject", {"reason": "x"}),
        ("patch", f"{base}/kills/{pending.pk}", {"method": "vigilante", "reason": "x"}),
        ("post", f"{base}/investigations/{asked.pk}/answer", {"answer": True}),
        ("post", f"{base}/shovels/{dug.pk}/send", {}),
        ("get", f"{base}/investigations/{asked.pk}", None),
        ("get", f"{base}/shovels/{dug.pk}", None),
    ]
    statuses = {}
    for method, url, body in attempts:
        if body is None:
            response = mod.get(url)
        else:
            response = getattr(mod, method)(url, json.dumps(body), content_type="application/json")
        statuses[url + method] = response.status_code
    assert statuses == {url + method: 404 for method, url, _ in attempts}
    assert unchanged(pending, asked, dug, item)
    assert Kill.objects.filter(game=b.game, status=KillStatus.CONFIRMED).count() == 1
    assert Investigation.objects.filter(game=b.game).count() == 1
    assert ShovelUse.objects.filter(game=b.game).count() == 1
