"""A mafia power is its module and its registry line: the party's Alibi (tests/rulesets/party,
one charge, the last step of the R19 chain) gets its form, its API operation, its charges, its
log and its effect on investigations from its spec alone. And every power's operation answers
the charges the mafia have left (R34-R42)."""

import json

import pytest

from game.models import LogEntry, MafiaPowerUse, Visibility
from game.rulesets import registry
from game.services.investigating.investigations import investigation_request, investigation_send
from game.services.investigating.investigations import site_visit_report as visit_report
from game.services.mafia_powers.powers import mafia_frame
from tests.conftest import client_for
from tests.game.kills_setup import confirmed_kill, town
from tests.rulesets.party import PARTY_LIVE

pytestmark = pytest.mark.django_db


@pytest.fixture
def party_live(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, PARTY_LIVE.code, PARTY_LIVE)
    return PARTY_LIVE


def _asked(t, victim, suspect, minutes):
    visit_report(game_id=t.game.pk, by=t.investigator.user, victim_id=victim.pk, now=t.at(minutes))
    asked = investigation_request(
        game_id=t.game.pk,
        by=t.investigator.user,
        capacity="investigator",
        victim_id=victim.pk,
        suspect_ids=[suspect.pk],
        now=t.at(minutes + 1),
    )
    return investigation_send(
        game_id=t.game.pk, investigation_id=asked.pk, by=t.mod, now=t.at(minutes + 2)
    )


def test_the_alibi_gets_its_form_charges_and_log_and_answers_no_last_in_the_chain(party_live):
    t = town(ruleset=party_live.code)
    victim, innocent = t.townies[0], t.townies[1]
    mafia = client_for(t.mafia.user)
    page = mafia.get(f"/games/{t.game.pk}/mafia/").content.decode()
    assert 'id="alibi-suspect"' in page and 'id="alibi-submit"' in page
    assert (
        'data-confirm="Give {suspect} an alibi for the death of {victim}? 0 of 1 left after '
        'this."' in page
    )
    assert '<strong data-power="alibi">1</strong> of 1' in page

    refused = mafia.post(
        f"/games/{t.game.pk}/mafia/powers/alibi/", {"suspect": victim.pk, "victim": victim.pk}
    )
    assert refused.status_code == 422 and "their own death" in refused.content.decode()
    mafia_frame(
        game_id=t.game.pk, by=t.mafia.user, suspect_id=innocent.pk, victim_id=victim.pk, now=t.at(5)
    )
    given = mafia.post(
        f"/games/{t.game.pk}/mafia/powers/alibi/", {"suspect": innocent.pk, "victim": victim.pk}
    )
    assert given.status_code == 302
    use = MafiaPowerUse.objects.get(power="alibi")
    assert (use.target, use.second_target, use.used_by) == (innocent, victim, t.mafia)
    text = f"{t.mafia.name} gave {innocent.name} an alibi for the death of {victim.name}."
    assert LogEntry.objects.filter(kind="mafia_alibi", visibility=Visibility.MAFIA).get().text == (
        f"{text} (0 of 1 Alibi left.)"
    )
    page = mafia.get(f"/games/{t.game.pk}/mafia/").content.decode()
    assert "The mafia have no Alibi left." in page

    spent = client_for(t.mafia2.user).post(
        f"/api/v1/games/{t.game.pk}/mafia/powers/alibi",
        json.dumps({"choices": {"suspect": t.townies[2].pk, "victim": victim.pk}}),
        content_type="application/json",
    )
    assert spent.status_code == 400 and "no Alibi left" in spent.json()["detail"]

    # Framed first (step 4), then the alibi (step 5): the alibi answers last.
    confirmed_kill(t, t.mafia2, victim, "free_kill", 30)
    sent = _asked(t, victim, innocent, 100)
    assert (sent.answer, sent.summary) == (False, "no (alibi)")
    assert sent.reasons[-2:] == [
        f"framed ({innocent.name}, {victim.name}): yes",
        f"alibi ({innocent.name}, {victim.name}): no",
    ]


def test_the_alibi_is_used_through_the_generic_operation_with_its_charges(party_live):
    t = town(ruleset=party_live.code)
    answer = client_for(t.mafia.user).post(
        f"/api/v1/games/{t.game.pk}/mafia/powers/alibi",
        json.dumps({"choices": {"suspect": t.townies[1].pk, "victim": t.townies[0].pk}}),
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    assert (answer.json()["power"], answer.json()["charges_left"]) == ("alibi", 0)


def test_the_live_action_rule_set_has_no_alibi():
    t = town()
    answer = client_for(t.mafia.user).post(
        f"/api/v1/games/{t.game.pk}/mafia/powers/alibi",
        json.dumps({"choices": {"suspect": t.townies[1].pk, "victim": t.townies[0].pk}}),
        content_type="application/json",
    )
    assert answer.status_code == 400 and "no mafia power 'alibi'" in answer.json()["detail"]
    assert not MafiaPowerUse.objects.exists()


def test_frame_plant_evidence_press_and_the_don_answer_their_charges_left():
    t = town()
    victim = t.townies[0]
    kill = confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    mafia = client_for(t.mafia.user)
    operations = [
        ("frame", {"suspect_id": t.townies[1].pk, "victim_id": victim.pk}, 3),
        (
            "plant-evidence",
            {"target_id": t.townies[2].pk, "role": "townie", "alignment": "mafia"},
            1,
        ),
        ("manipulate-press", {"kill_id": kill.pk, "location": ""}, 0),
        ("don", {"don_id": t.mafia2.pk}, 0),
    ]
    for path, body, left in operations:
        answer = mafia.post(
            f"/api/v1/games/{t.game.pk}/mafia/{path}",
            json.dumps(body),
            content_type="application/json",
        )
        assert answer.status_code == 201, (path, answer.content)
        assert answer.json()["charges_left"] == left, path


@pytest.mark.parametrize("bad", ["abc", 10**30, None, -3])
def test_a_forged_choice_is_refused_with_a_message_and_writes_nothing(bad):
    t = town()
    for power, choices in [
        ("frame", {"suspect": bad, "victim": t.townies[0].pk}),
        ("poison", {"victim": bad}),
        ("manipulate_press", {"kill": bad}),
    ]:
        answer = client_for(t.mafia.user).post(
            f"/api/v1/games/{t.game.pk}/mafia/powers/{power}",
            json.dumps({"choices": choices}),
            content_type="application/json",
        )
        assert answer.status_code in (400, 422), (power, answer.content)
        assert "detail" in answer.json()
    assert not MafiaPowerUse.objects.exists()
