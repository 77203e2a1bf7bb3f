"""Poison (R35) in players' hands: the mafia page, the API, the due event, the victim told."""

import datetime as dt
import json

import pytest

from game.errors import GameRuleError
from game.models import DueEvent, LogEntry, MafiaPowerUse, Visibility
from game.permissions import viewer_for
from game.rulesets.live_action import DeathCause
from game.rulesets.live_action.powers import poison
from game.selectors.role_cards import role_card
from game.services.mafia_powers.mafia import mafia_poison
from game.snapshots.kill_facts import mafia_kill_days
from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.game.helpers import alive, current_day, end_day, vote
from tests.game.test_day_end import mafia_kill

pytestmark = pytest.mark.django_db


def test_the_rules_example_poisoned_on_day_2_told_on_day_3_dead_at_the_end_of_day_4():
    assert poison.death_day(2) == 4
    assert not poison.victim_told(dies_on=4, today=2)
    assert poison.victim_told(dies_on=4, today=3)
    assert poison.victim_told(dies_on=4, today=4)


def test_the_rule_refuses_the_dead_and_the_already_poisoned():
    assert poison.poison_refusals(victim=7, victim_alive=True, pending_death_day=None) == []
    (dead,) = poison.poison_refusals(victim=7, victim_alive=False, pending_death_day=None)
    assert dead.code == "poison_target_dead" and "R35" in dead.render({7: "Casey"})
    (again,) = poison.poison_refusals(victim=7, victim_alive=True, pending_death_day=4)
    assert (
        again.render({7: "Casey"})
        == "Casey is already poisoned and dies at the end of day 4 (R35)."
    )


def poison_on(game, by, victim, minutes=60):
    now = current_day(game).started_at + dt.timedelta(minutes=minutes)
    return mafia_poison(game_id=game.pk, by=by.user, victim_id=victim.pk, now=now)


def card_of(game, player):
    game.refresh_from_db()
    player.refresh_from_db()
    return role_card(viewer_for(player.user, game))


def keep_mafia_clock(game):
    mafia_kill(game, current_day(game).number)


def test_poisoned_on_day_2_is_told_on_day_3_and_dies_at_the_end_of_day_4_after_the_execution():
    game, (m, a, b, c, d, victim) = running_game(6)
    keep_mafia_clock(game)
    end_day(game)
    use = poison_on(game, m, victim)
    assert (use.target_id, use.day, use.used_by_id) == (victim.pk, 2, m.pk)
    event = DueEvent.objects.get(kind=DueEvent.Kind.POISON_DEATH)
    assert (event.subject_id, event.day) == (victim.pk, 4)
    assert card_of(game, victim).poisoned_dies_on_day is None
    assert not LogEntry.objects.filter(kind="poisoned").exists()
    keep_mafia_clock(game)
    end_day(game)
    told = LogEntry.objects.get(kind="poisoned")
    assert list(told.recipients.all()) == [victim]
    assert told.created_at == current_day(game).started_at and current_day(game).number == 3
    assert card_of(game, victim).poisoned_dies_on_day == 4
    assert card_of(game, a).poisoned_dies_on_day is None
    keep_mafia_clock(game)
    end_day(game)
    assert alive(victim)
    for voter in (a, b, c):
        vote(game, voter, d)
    end_day(game)
    victim.refresh_from_db()
    d.refresh_from_db()
    assert (victim.death_cause, victim.death_day) == (DeathCause.POISON, 4)
    assert d.death_cause == DeathCause.EXECUTION
    day4 = [
        e.kind for e in LogEntry.objects.filter(day=4, kind__in=["execution", "end_of_day_death"])
    ]
    assert day4 == ["execution", "end_of_day_death"]
    assert 4 in mafia_kill_days(game), "a poison death counts for the mafia clock (R18)"


def test_a_poisoned_player_executed_on_their_death_day_dies_once():
    game, (m, a, b, c, victim) = running_game(5)
    poison_on(game, m, victim)
    keep_mafia_clock(game)
    end_day(game)
    keep_mafia_clock(game)
    end_day(game)
    for voter in (a, b, c):
        vote(game, voter, victim)
    keep_mafia_clock(game)
    end_day(game)
    victim.refresh_from_db()
    assert victim.death_cause == DeathCause.EXECUTION
    assert not LogEntry.objects.filter(kind="end_of_day_death").exists()


def test_three_poisons_shared_by_the_mafia_with_the_charges_left_logged_for_the_mafia_only():
    game, (m, m2, a, b, c, d) = running_game(6, mafia=2)
    poison_on(game, m, a)
    poison_on(game, m2, b)
    poison_on(game, m, c)
    with pytest.raises(GameRuleError, match="no Poison left"):
        poison_on(game, m2, d)
    texts = list(
        LogEntry.objects.filter(kind="mafia_poison", visibility=Visibility.MAFIA).values_list(
            "text", flat=True
        )
    )
    assert [t.split("(")[-1] for t in texts] == [
        "2 of 3 Poison left.)",
        "1 of 3 Poison left.)",
        "0 of 3 Poison left.)",
    ]
    assert (
        LogEntry.objects.filter(kind="mafia_poison", visibility=Visibility.MODERATORS).count() == 3
    )
    assert not LogEntry.objects.filter(kind="mafia_poison", visibility=Visibility.PUBLIC).exists()


@pytest.mark.parametrize(
    "case", ["townie", "dead mafia", "dead victim", "poisoned twice", "other game"]
)
def test_refused_poisons_change_nothing(case):
    game, (m, m2, a, b, c) = running_game(5, mafia=2)
    other_game, other_players = running_game(3)
    by, victim = m, a
    if case == "townie":
        by = b
    if case == "dead mafia":
        by = m2
        poison_on(game, m, m2)
        m2.alive = False
        m2.save(update_fields=["alive"])
    if case == "dead victim":
        a.alive = False
        a.save(update_fields=["alive"])
    if case == "poisoned twice":
        poison_on(game, m, a)
    if case == "other game":
        victim = other_players[1]
    before = (MafiaPowerUse.objects.count(), DueEvent.objects.filter(kind="poison_death").count())
    with pytest.raises(GameRuleError):
        poison_on(game, by, victim, minutes=90)
    after = (MafiaPowerUse.objects.count(), DueEvent.objects.filter(kind="poison_death").count())
    assert before == after


def test_a_moderator_override_needs_a_reason_and_is_logged_with_it():
    from tests.factories import moderator_of

    game, (m, a, b, c) = running_game(4)
    mod = moderator_of(game)
    now = current_day(game).started_at
    with pytest.raises(GameRuleError, match="reason"):
        mafia_poison(game_id=game.pk, by=mod, victim_id=a.pk, now=now)
    use = mafia_poison(
        game_id=game.pk, by=mod, victim_id=a.pk, now=now, reason="poisoned at dinner"
    )
    assert use.used_by is None and use.recorded_by == mod and use.note == "poisoned at dinner"
    entry = LogEntry.objects.get(kind="mafia_poison", visibility=Visibility.MODERATORS)
    assert entry.actor == mod and entry.reason == "poisoned at dinner"
    assert DueEvent.objects.filter(kind="poison_death", subject=a, day=3).exists()


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def test_the_api_poisons_and_says_the_charges_left():
    game, (m, a, b) = running_game(3)
    answer = post(client_for(m.user), f"/api/v1/games/{game.pk}/mafia/poison", {"victim_id": a.pk})
    assert answer.status_code == 201
    assert answer.json()["charges_left"] == 2 and answer.json()["power"] == "poison"
    refused = post(client_for(m.user), f"/api/v1/games/{game.pk}/mafia/poison", {"victim_id": a.pk})
    assert refused.status_code == 400 and "already poisoned" in refused.json()["detail"]


def test_the_poison_form_asks_with_the_target_and_the_charges_and_refuses_on_its_page():
    game, (m, a, b) = running_game(3)
    mafia = client_for(m.user)
    page = mafia.get(f"/games/{game.pk}/mafia/").content.decode()
    assert 'data-confirm="Poison {target}? 2 of 3 poisons left after this."' in page
    assert 'data-confirm-target="victim"' in page
    done = mafia.post(f"/games/{game.pk}/mafia/poison/", {"victim": a.pk})
    assert done.status_code == 302
    again = mafia.post(f"/games/{game.pk}/mafia/poison/", {"victim": a.pk})
    assert again.status_code == 422 and "already poisoned" in again.content.decode()
    assert MafiaPowerUse.objects.filter(power="poison").count() == 1


def test_nobody_but_the_mafia_and_moderators_sees_or_uses_poison():
    from django.test import Client

    game, (m, a, b) = running_game(3)
    other_game, (om, oa) = running_game(2)
    poison_on(game, m, a)
    outsiders = {
        "townie": client_for(b.user),
        "victim": client_for(a.user),
        "other game's mafia": client_for(om.user),
        "anonymous": Client(),
    }
    for who, client in outsiders.items():
        page = client.get(f"/games/{game.pk}/mafia/")
        assert page.status_code in (302, 404), who
        assert a.name not in page.content.decode(), who
        api = post(client, f"/api/v1/games/{game.pk}/mafia/poison", {"victim_id": b.pk})
        assert api.status_code in (401, 403, 404), who
        assert "poison" not in api.content.decode().lower(), who
        form = client.post(f"/games/{game.pk}/mafia/poison/", {"victim": b.pk})
        assert form.status_code in (302, 404), who
    assert MafiaPowerUse.objects.filter(power="poison").count() == 1
    log = client_for(b.user).get(f"/games/{game.pk}/log/").content.decode()
    assert "poison" not in log.lower()


def test_the_moderators_dashboard_shows_every_mafia_powers_charges_left():
    game, (m, a, b) = running_game(3)
    poison_on(game, m, a)
    html = client_for(moderator_of(game)).get(f"/games/{game.pk}/mod/").content.decode()
    assert 'Poison: <strong data-power="poison">2</strong> of 3 left' in html
    for power in game.rules.powers:
        if power.charges is not None:
            assert f'data-power="{power.code}"' in html, power.code
