"""The kill, investigation, mafia, results and queue pages: they work, hide what they must (R50)
and cost the same number of queries at 10 and 100 players."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.models import Kill, KillStatus, LogEntry
from game.services.items_offices.shovels import shovel_use
from tests.conftest import client_for
from tests.factories import UserFactory, running_game
from tests.game.helpers import a_minute_passes
from tests.game.investigation_steps import ask, framed_question, visit
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def test_a_player_reports_a_kill_from_the_kills_page_and_the_victim_confirms():
    t = town()
    killer, victim = client_for(t.mafia.user), client_for(t.townies[0].user)
    page = killer.get(reverse("kills", args=[t.game.pk]))
    assert page.status_code == 200 and b"Report kill" in page.content
    killer.post(
        reverse("kill_report", args=[t.game.pk]),
        {"side": "killer", "other": t.townies[0].pk, "method": "free_kill", "location": "Lobby"},
    )
    kill = Kill.objects.get()
    response = victim.get(reverse("kills", args=[t.game.pk]))
    assert b"Is this right?" in response.content
    victim.post(reverse("kill_respond", args=[t.game.pk, kill.pk]), {"agrees": "1"})
    assert kill.statements.count() == 2


def test_a_forged_report_gets_a_message_and_stores_nothing():
    t = town()
    _, others = running_game(3)
    client = client_for(t.mafia.user)
    response = client.post(
        reverse("kill_report", args=[t.game.pk]),
        {"side": "killer", "other": others[0].pk, "method": "free_kill", "location": "x"},
        follow=True,
    )
    assert b"not in this game" in response.content
    assert Kill.objects.count() == 0


def test_the_moderator_confirms_from_the_queue_with_the_violations_shown():
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    client_for(t.mafia2.user).post(
        reverse("kill_report", args=[t.game.pk]),
        {"side": "killer", "other": t.townies[1].pk, "method": "free_kill", "location": "x"},
    )
    mod = client_for(t.mod)
    page = mod.get(reverse("mod_queue", args=[t.game.pk]))
    assert b"already used today&#x27;s free kill" in page.content
    kill = Kill.objects.get(status=KillStatus.PENDING)
    mod.post(reverse("mod_kill_confirm", args=[t.game.pk, kill.pk]), {"reason": ""})
    kill.refresh_from_db()
    assert kill.status == KillStatus.PENDING
    mod.post(
        reverse("mod_kill_confirm", args=[t.game.pk, kill.pk]),
        {"reason": "ruling", "override": "on"},
    )
    kill.refresh_from_db()
    assert kill.status == KillStatus.PENDING
    a_minute_passes()
    kill.refresh_from_db()
    assert kill.status == KillStatus.CONFIRMED


def test_the_queue_shows_yes_framed_and_the_investigator_reads_yes():
    asked = framed_question()
    t, inv = asked.t, asked.investigation
    mod = client_for(t.mod)
    assert b"yes (framed)" in mod.get(reverse("mod_queue", args=[t.game.pk])).content
    mod.post(reverse("mod_investigation_answer", args=[t.game.pk, inv.pk]), {"answer": ""})
    a_minute_passes()
    page = client_for(t.investigator.user).get(reverse("results", args=[t.game.pk]))
    assert b'class="answer">yes<' in page.content
    assert b"framed" not in page.content


def _other_people(t):
    dead = t.townies[3]
    confirmed_kill(t, t.serial_killer, dead, "serial_killer", 20)
    _, others = running_game(3)
    return {
        "another player": t.townies[2].user,
        "a dead player": dead.user,
        "a player of another game": others[0].user,
        "a signed-in stranger": UserFactory(),
    }


def _results_and_their_urls(t):
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    visit(t, t.investigator, victim, 40)
    inv = ask(t, t.investigator, victim, [t.mafia], minutes=41)
    t.give_shovel(t.investigator)
    use = shovel_use(
        game_id=t.game.pk, by=t.investigator.user, dead_player_id=victim.pk, now=t.at(42)
    )
    return [
        reverse("player_results", args=[t.game.pk, t.investigator.pk]),
        reverse("investigation_detail", args=[t.game.pk, inv.pk]),
        reverse("shovel_detail", args=[t.game.pk, use.pk]),
        f"/api/v1/games/{t.game.pk}/results/{t.investigator.pk}",
        f"/api/v1/games/{t.game.pk}/investigations/{inv.pk}",
        f"/api/v1/games/{t.game.pk}/shovels/{use.pk}",
    ]


def test_nobody_but_moderators_reads_another_players_results():
    t = town()
    urls = _results_and_their_urls(t)
    for who, user in _other_people(t).items():
        client = client_for(user)
        for url in urls:
            assert client.get(url).status_code == 404, (who, url)
    for url in urls:
        assert client_for(t.mod).get(url).status_code == 200, url
        assert client_for(t.investigator.user).get(url).status_code == 200, url
    anonymous = client_for(UserFactory())
    anonymous.logout()
    for url in urls:
        assert anonymous.get(url).status_code in (302, 401, 404), url


def test_the_mafia_page_is_hidden_from_townies_and_shows_uses_left_to_mafia():
    t = town()
    url = reverse("mafia", args=[t.game.pk])
    assert client_for(t.investigator.user).get(url).status_code == 404
    page = client_for(t.mafia2.user).get(url)
    assert b'data-power="frame">4<' in page.content


def test_the_moderator_nav_counts_what_is_waiting():
    t = town()
    client_for(t.mafia.user).post(
        reverse("kill_report", args=[t.game.pk]),
        {"side": "killer", "other": t.townies[1].pk, "method": "free_kill", "location": "x"},
    )
    page = client_for(t.mod).get(reverse("game_detail", args=[t.game.pk]))
    assert b"Queue (1)" in page.content and b"1 kills" in page.content


def _busy_game(extra):
    t = town(extra_townies=extra)
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    visit(t, t.investigator, victim, 40)
    ask(t, t.investigator, victim, [t.mafia], minutes=41)
    t.give_shovel(t.investigator)
    shovel_use(game_id=t.game.pk, by=t.investigator.user, dead_player_id=victim.pk, now=t.at(42))
    client_for(t.mafia2.user).post(
        reverse("kill_report", args=[t.game.pk]),
        {"side": "killer", "other": t.townies[1].pk, "method": "scheme", "location": "x"},
    )
    client_for(t.townies[1].user).post(
        reverse(
            "kill_respond", args=[t.game.pk, Kill.objects.get(game=t.game, status="pending").pk]
        ),
        {"agrees": "0", "note": "it was elsewhere"},
    )
    return t


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("page", ["mod_queue", "results", "kills", "investigate", "mafia"])
def test_pages_cost_the_same_queries_at_10_and_100_players(page):
    counts = []
    for extra in (2, 90):
        t = _busy_game(extra)
        user = t.mod if page == "mod_queue" else t.investigator.user
        if page == "mafia":
            user = t.mafia.user
        counts.append(_queries(client_for(user), reverse(page, args=[t.game.pk])))
    assert counts[0] == counts[1]


def test_answers_reach_the_player_as_a_private_note_only():
    t = town()
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    visit(t, t.investigator, victim, 40)
    inv = ask(t, t.investigator, victim, [t.mafia], minutes=41)
    client_for(t.mod).post(reverse("mod_investigation_answer", args=[t.game.pk, inv.pk]), {})
    a_minute_passes()
    other_log = client_for(t.townies[2].user).get(reverse("game_log", args=[t.game.pk]))
    assert b"has an answer" not in other_log.content
    assert LogEntry.objects.filter(kind="investigation_result").count() == 1
