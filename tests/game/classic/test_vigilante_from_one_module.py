"""A role with a real night effect is one module plus one registry line: the party rule set's
one-shot vigilante (tests/rulesets/party/roles/vigilante.py) is dealt, offered on the night
card and in the API, refused once its shot is used, resolved at dawn with its own reasons,
shown in the moderators' preview and overridden with several victims, and no other file names
it or its action."""

import datetime as dt
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from game.models import LogEntry, Player
from game.rulesets import registry
from game.rulesets.phases import draw_rng
from game.services.lobby.setup import game_start, role_set
from tests.conftest import client_for
from tests.factories import make_game, moderator_of, sign_up
from tests.game.classic.helpers import end_phase, refresh
from tests.rulesets.party import PARTY

ROOT = Path(__file__).resolve().parents[3]
NAMES = ("wolf1", "wolf2", "healer", "vig", "peas1", "peas2")
ROLES = ("werewolf", "werewolf", "healer", "vigilante", "peasant", "peasant")


@pytest.fixture
def party(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, PARTY.code, PARTY)
    return PARTY


def api(user, method: str, path: str, body: dict | None = None):
    client = client_for(user)
    url = f"/api/v1/games/{path}"
    if method == "get":
        return client.get(url)
    return client.post(url, json.dumps(body), content_type="application/json")


def test_only_the_module_and_its_registry_line_name_the_vigilante():
    """The app's code, templates and the party rule set's other files know nothing of it."""
    naming = re.compile(r"vigilante|\bshoot\b", re.IGNORECASE)
    party = ROOT / "tests" / "rulesets" / "party"
    found = [
        path.relative_to(party).as_posix()
        for path in party.rglob("*.py")
        if naming.search(path.read_text())
    ]
    assert sorted(found) == ["roles/__init__.py", "roles/vigilante.py"]
    registry_lines = (party / "roles" / "__init__.py").read_text().splitlines()
    assert len([line for line in registry_lines if naming.search(line)]) == 2  # import, entry
    app = [ROOT / "game", ROOT / "templates", ROOT / "forums"]
    assert not [
        path
        for folder in app
        for path in folder.rglob("*")
        if path.suffix in {".py", ".html"} and re.search(r"[\"']shoot[\"']", path.read_text())
    ]


def test_the_vigilante_is_dealt(party):
    setup = party.setup_of({"roles": {"vigilante": 1, "werewolf": 1, "healer": 1}})
    dealt = party.deal_roles(range(1, 7), setup, draw_rng("seed", "deal"))
    assert sorted(dealt.roles.values()).count("vigilante") == 1


@pytest.mark.django_db
def test_a_vigilante_shoots_once_and_the_moderators_see_and_override_the_dawn(party):
    game = make_game(ruleset="party", night_ends_when_all_in=False)
    mod = moderator_of(game)
    for player, role, name in zip(sign_up(game, 6), ROLES, NAMES, strict=True):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=mod, now=timezone.now())
        Player.objects.filter(pk=player.pk).update(name=name)
    game_start(game_id=game.pk, by=mod, now=timezone.now())
    p = {pl.name: pl for pl in game.players.all()}

    card = api(p["vig"].user, "get", f"{game.pk}/phase").json()["night_action"]
    prompt = party.role("vigilante").night_action.prompt
    assert (card["action"], card["prompt"]) == ("shoot", prompt)
    shot = api(p["vig"].user, "post", f"{game.pk}/night-action", {"target_id": p["wolf1"].pk})
    assert shot.status_code == 201 and shot.json()["action"] == "shoot"
    for wolf in ("wolf1", "wolf2"):
        api(p[wolf].user, "post", f"{game.pk}/night-action", {"target_id": p["peas1"].pk})

    dawn = api(mod, "get", f"{game.pk}/phase").json()["dawn"]
    assert sorted(dawn["victims"]) == ["peas1", "wolf1"]
    assert "The vigilante vig shot wolf1." in dawn["reasons"]
    assert {"kind": "death", "player": "wolf1", "amount": 0} | {
        "reasons": ["The vigilante vig shot wolf1."]
    } in dawn["outcomes"]
    board = client_for(mod).get(reverse("mod_dashboard", args=[game.pk])).content.decode()
    assert "The vigilante vig shot wolf1." in board

    body = {"victim_ids": [p["wolf1"].pk, p["peas2"].pk], "reason": "The wolves' pick was late"}
    assert api(mod, "post", f"{game.pk}/night/override", body).status_code == 200
    assert sorted(api(mod, "get", f"{game.pk}/phase").json()["dawn"]["victims"]) == [
        "peas2",
        "wolf1",
    ]
    end_phase(game)
    p = refresh(p)
    assert [n for n in NAMES if not p[n].alive] == ["wolf1", "peas2"]
    post = LogEntry.objects.get(game=game, kind="dawn").text
    assert "Last night, wolf1 was killed." in post and "Last night, peas2 was killed." in post

    end_phase(game, late=dt.timedelta(hours=1))  # day 1 ends: night 2
    assert api(p["vig"].user, "get", f"{game.pk}/phase").json()["night_action"] is None
    again = api(p["vig"].user, "post", f"{game.pk}/night-action", {"target_id": p["wolf2"].pk})
    assert again.status_code == 400 and "used your one shot" in again.content.decode()
