"""The offices won by petition (R8, R21-R23, R46-R48): Count the Mafia reviewed like an
investigation answer, the mayor's investigation capacity following the office, and the police
officer's watch list letting them ask again about a watched player's death (R23)."""

import json

import pytest
from django.urls import reverse

from game.errors import GameRuleError
from game.models import LogEntry, MafiaCount, PoliceWatch, ResultStatus, Visibility
from game.services.items_offices.mafia_counts import mafia_count_send, mayor_count_mafia
from game.services.items_offices.petitions import petition_create, petition_sign, petition_use
from game.snapshots.investigations import capacities_of
from tests.conftest import client_for
from tests.forums.helpers import conscript
from tests.game.investigation_steps import ask, next_day, send, visit
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def petition_passed(t, kind, office, candidate, minutes):
    living = [p for p in t.game.players.filter(alive=True)]
    holder = living[0]
    petition = petition_create(
        game_id=t.game.pk,
        by=holder.user,
        kind=kind,
        office=office,
        candidate_id=candidate.pk,
        now=t.at(minutes),
    )
    for signer in living:
        petition_sign(game_id=t.game.pk, by=signer.user, petition_id=petition.pk, now=t.at(minutes))
    petition_use(game_id=t.game.pk, by=holder.user, petition_id=petition.pk, now=t.at(minutes))
    candidate.refresh_from_db()


def elect(t, office, candidate, minutes=5):
    petition_passed(t, "election", office, candidate, minutes)


def impeach(t, office, holder, minutes=6):
    petition_passed(t, "impeachment", office, holder, minutes)


def count(t, player, minutes=10):
    return mayor_count_mafia(game_id=t.game.pk, by=player.user, now=t.at(minutes))


def test_count_the_mafia_counts_mafia_and_conscripts_not_serial_killers():
    t = town()
    mayor = t.townies[0]
    elect(t, "mayor", mayor)
    asked = count(t, mayor)
    # Two mafia alive; the serial killer does not count (R16).
    assert asked.computed_answer == 2 and asked.status == ResultStatus.PENDING
    assert not LogEntry.objects.filter(kind="mafia_count_result").exists()
    sent = mafia_count_send(game_id=t.game.pk, count_id=asked.pk, by=t.mod, now=t.at(20))
    assert sent.answer == 2
    result = LogEntry.objects.get(kind="mafia_count_result")
    assert result.visibility == Visibility.PLAYERS
    assert list(result.recipients.all()) == [mayor]
    assert "2 mafia-aligned players are alive" in result.text


def test_a_conscript_is_counted():
    t = town()
    conscript(t.townies[1], at=t.at(3))
    elect(t, "mayor", t.townies[0])
    assert count(t, t.townies[0]).computed_answer == 3


def test_once_per_term_and_twice_per_game():
    t = town()
    first, second, third = t.townies[0], t.townies[1], t.townies[2]
    elect(t, "mayor", first)
    count(t, first)
    with pytest.raises(GameRuleError, match="once this term.*R48"):
        count(t, first, 11)
    impeach(t, "mayor", first, 12)
    elect(t, "mayor", second, 13)
    count(t, second, 14)
    impeach(t, "mayor", second, 15)
    elect(t, "mayor", third, 16)
    with pytest.raises(GameRuleError, match="used twice this game.*R48"):
        count(t, third, 17)
    assert MafiaCount.objects.count() == 2


def test_only_the_living_mayor_counts():
    t = town()
    with pytest.raises(GameRuleError, match="Only the living mayor"):
        count(t, t.townies[0])


def test_an_override_needs_a_reason_and_answers_without_review_send_at_once():
    t = town()
    elect(t, "mayor", t.townies[0])
    asked = count(t, t.townies[0])
    with pytest.raises(GameRuleError, match="reason"):
        mafia_count_send(game_id=t.game.pk, count_id=asked.pk, by=t.mod, now=t.at(20), answer=4)
    sent = mafia_count_send(
        game_id=t.game.pk,
        count_id=asked.pk,
        by=t.mod,
        now=t.at(20),
        answer=4,
        reason="A kill in the field",
    )
    assert sent.answer == 4 and sent.override_reason == "A kill in the field"

    quick = town(answers_without_review=True)
    elect(quick, "mayor", quick.townies[0])
    assert count(quick, quick.townies[0]).status == ResultStatus.SENT


def test_the_count_waits_in_the_queue_and_is_sent_from_it():
    t = town()
    elect(t, "mayor", t.townies[0])
    asked = count(t, t.townies[0])
    moderator = client_for(t.mod)
    queue = moderator.get(reverse("mod_queue", args=[t.game.pk]))
    assert f'id="mafia_count-{asked.pk}"'.encode() in queue.content
    assert b"1 mafia counts" in queue.content
    response = moderator.post(reverse("mod_mafia_count_send", args=[t.game.pk, asked.pk]), {})
    assert response.status_code == 302
    asked.refresh_from_db()
    assert asked.status == ResultStatus.SENT


def test_the_count_is_the_mayors_alone():
    t = town()
    mayor = t.townies[0]
    elect(t, "mayor", mayor)
    asked = count(t, mayor)
    mafia_count_send(game_id=t.game.pk, count_id=asked.pk, by=t.mod, now=t.at(20))
    mine = client_for(mayor.user).get(reverse("game_log", args=[t.game.pk]))
    assert b"Count the Mafia: 2 mafia-aligned" in mine.content
    for other in (t.townies[1], t.mafia):
        page = client_for(other.user).get(reverse("game_log", args=[t.game.pk]))
        assert b"Count the Mafia:" not in page.content
    url = reverse("mod_mafia_count_send", args=[t.game.pk, asked.pk])
    assert client_for(mayor.user).post(url, {}).status_code == 404


def api_post(client, url, body=None):
    return client.post(url, json.dumps(body or {}), content_type="application/json")


def test_count_the_mafia_through_the_api():
    t = town()
    mayor = t.townies[0]
    elect(t, "mayor", mayor)
    base = f"/api/v1/games/{t.game.pk}"
    asked = api_post(client_for(mayor.user), f"{base}/mayor/count-mafia")
    assert asked.status_code == 201 and asked.json()["answer"] is None
    again = api_post(client_for(mayor.user), f"{base}/mayor/count-mafia")
    assert again.status_code == 400 and "once this term" in again.json()["detail"]
    not_mayor = api_post(client_for(t.townies[1].user), f"{base}/mayor/count-mafia")
    assert not_mayor.status_code == 400
    send_url = f"{base}/mafia-counts/{asked.json()['id']}/send"
    assert api_post(client_for(mayor.user), send_url).status_code == 404
    sent = api_post(client_for(t.mod), send_url, {"answer": None, "reason": ""})
    assert sent.status_code == 200 and sent.json()["answer"] == 2


def test_the_mayors_investigation_follows_the_office_r21():
    t = town()
    mayor = t.townies[0]
    elect(t, "mayor", mayor)
    assert "mayor" in capacities_of(mayor, t.game.current_day)
    impeach(t, "mayor", mayor)
    assert "mayor" not in capacities_of(mayor, t.game.current_day)


def test_an_elected_police_officer_asks_again_about_a_watched_death_r23():
    t = town()
    officer, watched = t.townies[2], t.townies[1]
    elect(t, "police_officer", officer)
    listed = api_post(
        client_for(officer.user),
        f"/api/v1/games/{t.game.pk}/police/watch-list",
        {"player_ids": [watched.pk]},
    )
    assert listed.status_code == 200 and listed.json() == {"day": 2, "player_ids": [watched.pk]}
    four = api_post(
        client_for(officer.user),
        f"/api/v1/games/{t.game.pk}/police/watch-list",
        {"player_ids": [p.pk for p in t.townies[:4]]},
    )
    assert four.status_code == 400 and "at most three" in four.json()["detail"]
    assert PoliceWatch.objects.filter(officer=officer).count() == 1
    next_day(t, 200)
    confirmed_kill(t, t.mafia, watched, "free_kill", 220)
    visit(t, officer, watched, 230)
    send(t, ask(t, officer, watched, [t.mafia], "police_officer", 231), 232)
    next_day(t, 400)
    again = ask(t, officer, watched, [t.mafia2], "police_officer", 410)
    assert again.victim == watched


def test_only_the_police_officer_sets_a_watch_list_through_the_api():
    t = town()
    response = api_post(
        client_for(t.townies[0].user),
        f"/api/v1/games/{t.game.pk}/police/watch-list",
        {"player_ids": [t.townies[1].pk]},
    )
    assert response.status_code == 400 and "police officer" in response.json()["detail"]


def test_office_operations_refuse_strangers_the_dead_and_anonymous_visitors(client):
    t = town()
    elect(t, "mayor", t.townies[0])
    elect(t, "police_officer", t.townies[1], minutes=7)
    asked = count(t, t.townies[0])
    base = f"/api/v1/games/{t.game.pk}"
    stranger = town().townies[0]
    dead = t.townies[3]
    confirmed_kill(t, t.mafia, dead, "free_kill", 30)
    operations = [
        (f"{base}/mayor/count-mafia", {}),
        (f"{base}/police/watch-list", {"player_ids": []}),
        (f"{base}/mafia-counts/{asked.pk}/send", {}),
    ]
    for url, body in operations:
        assert api_post(client_for(stranger.user), url, body).status_code == 404
        assert api_post(client_for(dead.user), url, body).status_code == 404
        assert api_post(client, url, body).status_code == 401
    asked.refresh_from_db()
    assert asked.status == ResultStatus.PENDING
    assert MafiaCount.objects.count() == 1
    assert not PoliceWatch.objects.exists()


def test_a_count_waiting_for_its_answer_is_in_the_moderators_queue_through_the_api():
    """Found by the API fuzzer: the queue answered 500 while a count of the mafia waited."""
    t = town()
    mayor = t.townies[0]
    elect(t, "mayor", mayor)
    asked = count(t, mayor)
    queue = client_for(t.mod).get(f"/api/v1/games/{t.game.pk}/mod/queue")
    assert queue.status_code == 200
    assert [(e["kind"], e["id"], e["summary"]) for e in queue.json()] == [
        ("mafia_count", asked.pk, f"2 mafia-aligned alive, for mayor {mayor.name}")
    ]
