"""The moderators' exports: the record as CSV and JSON (streamed, in a fixed number of queries)
and the printable role cards; nobody else gets them (R50)."""

import csv
import io
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import client_for
from tests.factories import UserFactory
from tests.game.helpers import vote
from tests.game.investigation_steps import ask, visit
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def record_town(extra_townies: int = 4):
    t = town(extra_townies)
    kill = confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 10)
    visit(t, t.investigator, t.townies[0], 20)
    ask(t, t.investigator, t.townies[0], [t.mafia], minutes=21)
    for voter in t.townies[1:]:
        vote(t.game, voter, t.mafia, at=t.at(30))
    return t, kill


def body(response) -> str:
    return b"".join(response.streaming_content).decode()


def test_the_csv_record_holds_the_log_votes_kills_and_investigations():
    t, kill = record_town()
    response = client_for(t.mod).get(reverse("mod_export_csv", args=[t.game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(body(response))))
    kinds = {r["record"] for r in rows}
    assert kinds == {"log", "vote", "kill", "investigation"}
    kill_row = next(r for r in rows if r["record"] == "kill")
    assert (kill_row["who"], kill_row["whom"], kill_row["what"]) == (
        t.mafia.name,
        t.townies[0].name,
        "free_kill",
    )
    question = next(r for r in rows if r["record"] == "investigation")
    assert t.mafia.name in question["details"]
    assert sum(r["record"] == "vote" for r in rows) == len(t.townies) - 1
    assert any(r["visibility"] == "moderators" or r["visibility"] == "mafia" for r in rows)


def test_the_json_record_is_one_document_with_a_list_per_kind():
    t, kill = record_town()
    response = client_for(t.mod).get(reverse("mod_export_json", args=[t.game.pk]))
    record = json.loads(body(response))
    assert record["game"]["name"] == t.game.name
    assert [k["id"] for k in record["kills"]] == [kill.pk]
    assert len(record["votes"]) == len(t.townies) - 1
    assert record["investigations"][0]["whom"] == t.townies[0].name
    assert {"log", "votes", "kills", "investigations", "shovels"} <= set(record)


@pytest.mark.parametrize("name", ["mod_export_csv", "mod_export_json", "mod_role_cards"])
def test_players_and_outsiders_get_no_export(name):
    t, _ = record_town()
    for user in (t.mafia.user, t.townies[1].user, UserFactory()):
        assert client_for(user).get(reverse(name, args=[t.game.pk])).status_code == 404


@pytest.mark.parametrize("operation", ["record.csv", "record.json"])
def test_the_api_streams_the_record_to_moderators_only(operation):
    t, _ = record_town()
    url = f"/api/v1/games/{t.game.pk}/export/{operation}"
    assert client_for(t.townies[1].user).get(url).status_code == 404
    response = client_for(t.mod).get(url)
    assert response.status_code == 200
    assert t.townies[0].name in body(response)


@pytest.mark.parametrize("name", ["mod_export_csv", "mod_export_json", "mod_role_cards"])
def test_an_export_costs_the_same_queries_for_a_small_and_a_large_game(name):
    counts = []
    for extra in (4, 40):
        t, _ = record_town(extra)
        client = client_for(t.mod)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(reverse(name, args=[t.game.pk]))
            if response.streaming:
                body(response)
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_role_cards_show_each_players_role_and_print_one_card_per_sheet_part():
    t, _ = record_town()
    response = client_for(t.mod).get(reverse("mod_role_cards", args=[t.game.pk]))
    text = response.content.decode()
    rules = t.game.rules
    assert text.count('class="card role-card-print"') == t.game.players.count()
    assert f"{t.knight.name}</h2>" in text
    assert f"Partner: <strong>{t.knight2.name}</strong>" in text
    assert rules.role("investigator").summary in text


@pytest.mark.parametrize(
    "name",
    ['=HYPERLINK("http://evil.example/","click")&"', "+1+2", "-3+4", "@SUM(A1)", "\tx", "\rx"],
)
def test_a_cell_a_spreadsheet_would_run_as_a_formula_is_written_as_text(name):
    t, _ = record_town()
    t.mafia.name = name
    t.mafia.save(update_fields=["name"])
    response = client_for(t.mod).get(reverse("mod_export_csv", args=[t.game.pk]))
    rows = list(csv.DictReader(io.StringIO(body(response), newline="")))
    cells = [value for row in rows for value in row.values()]
    assert "'" + name in cells
    assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in cells if cell)
