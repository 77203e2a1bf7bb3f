"""The suspects offered for a death are those the rules allow for it (R12, R19): on the page (in
two steps without scripts), in the fragment htmx swaps in, and in the API, all from one rule, and
a forged suspect is refused with its reason."""

import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.models import Investigation
from game.rulesets.live_action.investigation_limits import NOT_A_KILL
from game.services.investigating.investigations import site_visit_report
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def two_kills(extra_townies: int = 4):
    """`early` is killed at minute 10, `victim` at minute 30."""
    t = town(extra_townies)
    t.early, t.victim = t.townies[1], t.townies[0]
    confirmed_kill(t, t.mafia, t.early, "free_kill", 10)
    confirmed_kill(t, t.serial_killer, t.victim, "serial_killer", 30)
    return t


def offered(html: str) -> set[int]:
    return {int(pk) for pk in re.findall(r'name="suspects" value="(\d+)"', html)}


def page(t, user, **query) -> str:
    response = client_for(user).get(reverse("investigate", args=[t.game.pk]), query)
    assert response.status_code == 200
    return response.content.decode()


def fragment(t, user, **query):
    return client_for(user).get(reverse("investigation_suspects", args=[t.game.pk]), query)


def everyone(t) -> set[int]:
    return set(t.game.players.values_list("pk", flat=True))


def test_the_page_offers_only_the_suspects_the_rules_allow_for_the_chosen_victim():
    t = two_kills()
    me = t.investigator
    # The victim, the asker and a player killed before the victim are not offered...
    assert offered(page(t, me.user, victim=t.victim.pk)) == everyone(t) - {
        t.victim.pk,
        me.pk,
        t.early.pk,
    }
    # ...but a player killed after the victim is a suspect of the earlier death.
    assert offered(page(t, me.user, victim=t.early.pk)) == everyone(t) - {t.early.pk, me.pk}


def test_without_scripts_the_victim_is_chosen_first_then_its_suspects():
    t = two_kills()
    html = page(t, t.investigator.user)
    assert offered(html) == set()
    assert 'id="ask-submit"' not in html
    choose = html.split('id="ask"')[1].split("</form>")[0]
    assert 'method="get"' in choose and reverse("investigate", args=[t.game.pk]) in choose
    assert '<noscript><p><button type="submit" class="secondary" id="ask-choose">' in choose
    # With scripts, choosing the victim swaps its suspects in from the fragment.
    assert f'hx-get="{reverse("investigation_suspects", args=[t.game.pk])}"' in choose
    assert 'hx-target="#ask-suspects"' in choose
    chosen = page(t, t.investigator.user, victim=t.victim.pk)
    assert f'<option value="{t.victim.pk}" selected>' in chosen
    assert f'<input type="hidden" name="victim" value="{t.victim.pk}">' in chosen
    assert 'id="ask-submit"' in chosen
    assert 'aria-live="polite"' in chosen.split('id="ask-suspects-status"')[1].split(">")[0]


def test_a_forged_suspect_the_page_does_not_offer_is_refused_and_nothing_is_asked():
    t = two_kills()
    me = t.investigator
    site_visit_report(game_id=t.game.pk, by=me.user, victim_id=t.victim.pk, now=t.at(40))
    client = client_for(me.user)
    url = reverse("investigation_request", args=[t.game.pk])
    response = client.post(
        url, {"capacity": "investigator", "victim": t.victim.pk, "suspects": [t.early.pk]}
    )
    html = response.content.decode()
    assert response.status_code == 422
    assert (
        f"{t.early.name} was already dead when {t.victim.name} was killed, and dead players "
        "make no kills (R12)." in html
    )
    assert not Investigation.objects.exists()
    # The refused question comes back with the suspects of its death, to choose again.
    assert offered(html) == everyone(t) - {t.victim.pk, me.pk, t.early.pk}
    for forged in (t.victim, me):
        refused = client.post(
            url, {"capacity": "investigator", "victim": t.victim.pk, "suspects": [forged.pk]}
        )
        assert refused.status_code == 422
    assert not Investigation.objects.exists()
    allowed = client.post(
        url, {"capacity": "investigator", "victim": t.victim.pk, "suspects": [t.mafia.pk]}
    )
    assert allowed.status_code == 302
    assert list(Investigation.objects.get().suspects.all()) == [t.mafia]


def test_the_fragment_offers_what_the_page_offers():
    t = two_kills()
    response = fragment(t, t.investigator.user, victim=t.victim.pk)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert offered(html) == offered(page(t, t.investigator.user, victim=t.victim.pk))
    assert 'id="ask-submit"' in html
    status = html.split('id="ask-suspects-status"')[1]
    assert 'hx-swap-oob="innerHTML"' in status
    count = len(everyone(t)) - 3
    assert f"{count} possible suspects of the kill of {t.victim.name}." in status


@pytest.mark.parametrize("victim", ["alive", "nobody", "not-a-number"])
def test_the_fragment_for_no_kill_says_so_and_offers_nobody(victim):
    t = two_kills()
    chosen = {"alive": t.townies[2].pk, "nobody": 10**12, "not-a-number": "x"}[victim]
    response = fragment(t, t.investigator.user, victim=chosen)
    html = response.content.decode()
    assert response.status_code == 200
    assert offered(html) == set() and 'id="ask-submit"' not in html
    expected = str(NOT_A_KILL) if victim == "alive" else "Choose whose kill you ask about"
    assert expected in html


def test_the_fragment_is_for_the_games_players_only():
    t = two_kills()
    other = town()
    for user in (UserFactory(), other.investigator.user):
        assert fragment(t, user, victim=t.victim.pk).status_code == 404
    anonymous = Client().get(
        reverse("investigation_suspects", args=[t.game.pk]), {"victim": t.victim.pk}
    )
    assert anonymous.status_code == 302


def _queries(t, url: str) -> int:
    client = client_for(t.investigator.user)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("view", ["investigation_suspects", "investigate"])
def test_the_suspects_cost_the_same_queries_at_14_and_104_players(view):
    counts = []
    for extra in (4, 94):
        t = two_kills(extra)
        url = reverse(view, args=[t.game.pk]) + f"?victim={t.victim.pk}"
        counts.append(_queries(t, url))
    assert counts[0] == counts[1]


def api(t, user, victim_id):
    url = f"/api/v1/games/{t.game.pk}/investigations/suspects/{victim_id}"
    return (client_for(user) if user is not None else Client()).get(url)


def test_the_api_lists_the_suspects_the_page_offers_and_nothing_more():
    t = two_kills()
    response = api(t, t.investigator.user, t.victim.pk)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"victim_id", "suspects"}
    assert body["victim_id"] == t.victim.pk
    assert all(set(suspect) == {"id", "name"} for suspect in body["suspects"])
    ids = {suspect["id"] for suspect in body["suspects"]}
    assert ids == offered(page(t, t.investigator.user, victim=t.victim.pk))
    assert t.early.pk not in ids and t.investigator.pk not in ids
    # Each player sees their own list: they are never their own suspect.
    mafia_ids = {s["id"] for s in api(t, t.mafia.user, t.victim.pk).json()["suspects"]}
    assert mafia_ids == ids - {t.mafia.pk} | {t.investigator.pk}


def test_the_api_refuses_a_death_that_is_no_kill_with_the_pages_words():
    t = two_kills()
    response = api(t, t.investigator.user, t.townies[2].pk)
    assert response.status_code == 400
    assert response.json() == {"detail": str(NOT_A_KILL), "rulings": ["R21"]}


def test_the_api_hides_the_games_deaths_from_anyone_not_playing_it():
    t = two_kills()
    other = town()
    assert api(t, t.investigator.user, other.townies[0].pk).status_code == 404
    assert api(t, other.investigator.user, t.victim.pk).status_code == 404
    assert api(t, UserFactory(), t.victim.pk).status_code == 404
    assert api(t, None, t.victim.pk).status_code == 401


def test_the_api_operation_is_documented():
    t = two_kills()
    schema = client_for(t.investigator.user).get("/api/v1/openapi.json").json()
    operation = schema["paths"]["/api/v1/games/{game_id}/investigations/suspects/{victim_id}"][
        "get"
    ]
    assert operation["operationId"] == "investigation_suspects"
    assert {"200", "400", "401", "404"} <= set(operation["responses"])
    out = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert out.endswith("/SuspectsOut")
    assert json.dumps(schema["components"]["schemas"]["SuspectsOut"]).count("R12") == 1


def test_a_dead_player_reads_the_same_public_list_and_nothing_more():
    """The list follows from the announced deaths and their moments (R50: no role, no alignment,
    no deception): a dead player reads what a living one reads, themselves left out."""
    t = two_kills()
    living = {s["id"] for s in api(t, t.investigator.user, t.victim.pk).json()["suspects"]}
    response = api(t, t.early.user, t.victim.pk)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"victim_id", "suspects"}
    assert all(set(suspect) == {"id", "name"} for suspect in body["suspects"])
    # Killed before the victim, `early` was no suspect for anyone.
    assert {s["id"] for s in body["suspects"]} == living | {t.investigator.pk}
