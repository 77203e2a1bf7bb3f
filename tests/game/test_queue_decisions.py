"""The moderators' queue in few clicks: every kill both parties agree on and the rules allow
confirmed in one action, every computed answer sent in one, each listed before; a minute to
undo any queue decision before it takes effect (R4: the periodic job applies it); the killer
names the method when confirming a victim's report (R11); the day end on the queue page."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from game.models import HeldDecision, Investigation, Kill, KillStatus, LogEntry, ResultStatus
from game.services.deadlines import process_due_events
from game.services.holds import HOLD
from game.services.items_offices.shovels import shovel_use
from game.services.killing.kills import kill_report, kill_respond
from game.services.mafia_powers.powers import mafia_plant_evidence
from tests.conftest import client_for
from tests.game.helpers import a_minute_passes
from tests.game.investigation_steps import ask, visit
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def running_now(t) -> None:
    """The town's day runs for hours from now, so that the periodic job ends no day."""
    t.game.days.update(ends_at=timezone.now() + dt.timedelta(hours=6))
    t.game.due_events.update(due_at=timezone.now() + dt.timedelta(hours=6))


def reported(t, killer, victim, method, *, by_victim=False, agreed=True):
    now = timezone.now()
    kill = kill_report(
        game_id=t.game.pk,
        by=(victim if by_victim else killer).user,
        side="victim" if by_victim else "killer",
        other_player_id=(killer if by_victim else victim).pk,
        method="" if by_victim else method,
        location="Lobby 7",
        now=now,
    )
    if agreed is not None and not by_victim:
        kill_respond(
            game_id=t.game.pk,
            kill_id=kill.pk,
            by=victim.user,
            agrees=agreed,
            note="" if agreed else "Not me",
            now=now,
        )
    return kill


def queue_page(t):
    return client_for(t.mod).get(reverse("mod_queue", args=[t.game.pk]))


def test_confirm_all_lists_the_agreed_allowed_kills_and_confirms_only_those_a_minute_later():
    t = town()
    running_now(t)
    agreed = reported(t, t.mafia, t.townies[0], "free_kill")
    vigilante = reported(t, t.vigilante, t.townies[1], "vigilante")
    disputed = reported(t, t.serial_killer, t.townies[2], "serial_killer", agreed=False)
    unanswered = reported(t, t.mafia2, t.townies[3], "free_kill", agreed=None)
    page = queue_page(t).content.decode()
    listed = page[
        page.index('id="agreed-kills"') : page.index("</section>", page.index('id="agreed-kills"'))
    ]
    assert "2 kills both parties agree on" in listed
    assert t.townies[0].name in listed and t.townies[1].name in listed
    assert t.townies[2].name not in listed and t.townies[3].name not in listed

    client_for(t.mod).post(
        reverse("mod_kills_confirm_agreed", args=[t.game.pk]),
        {"kill": [agreed.pk, vigilante.pk, disputed.pk]},
    )
    assert Kill.objects.get(pk=agreed.pk).status == KillStatus.PENDING
    assert not LogEntry.objects.filter(kind="kill_announced").exists()
    assert "Undo" in queue_page(t).content.decode()

    process_due_events(now=timezone.now() + HOLD)
    statuses = dict(Kill.objects.values_list("pk", "status"))
    assert statuses[agreed.pk] == statuses[vigilante.pk] == KillStatus.CONFIRMED
    assert statuses[disputed.pk] == statuses[unanswered.pk] == KillStatus.PENDING
    assert LogEntry.objects.filter(kind="kill_announced").count() == 2


def test_a_held_confirmation_undone_within_the_minute_never_happens():
    t = town()
    running_now(t)
    kill = reported(t, t.mafia, t.townies[0], "free_kill")
    mod = client_for(t.mod)
    mod.post(reverse("mod_kill_confirm", args=[t.game.pk, kill.pk]), {"reason": ""})
    hold = HeldDecision.objects.get()
    response = mod.post(reverse("mod_decision_undo", args=[t.game.pk, hold.pk]), follow=True)
    assert b"waits in the queue again" in response.content
    a_minute_passes()
    assert Kill.objects.get(pk=kill.pk).status == KillStatus.PENDING
    assert b"1 kill both parties agree on" in queue_page(t).content


def test_undo_after_the_minute_is_refused_with_a_message():
    t = town()
    running_now(t)
    kill = reported(t, t.mafia, t.townies[0], "free_kill")
    mod = client_for(t.mod)
    mod.post(reverse("mod_kill_confirm", args=[t.game.pk, kill.pk]), {"reason": ""})
    a_minute_passes()
    hold = HeldDecision.objects.get()
    response = mod.post(reverse("mod_decision_undo", args=[t.game.pk, hold.pk]))
    assert response.status_code == 409
    assert b"Too late" in response.content
    assert Kill.objects.get(pk=kill.pk).status == KillStatus.CONFIRMED


def test_send_all_lists_every_computed_answer_and_sends_them_a_minute_later():
    t = town()
    running_now(t)
    victim, dug = t.townies[0], t.townies[1]
    confirmed_kill(t, t.mafia, victim, "free_kill", 10)
    confirmed_kill(t, t.vigilante, dug, "vigilante", 12)
    mafia_plant_evidence(
        game_id=t.game.pk,
        by=t.mafia.user,
        target_id=dug.pk,
        role="serial_killer",
        alignment="mafia",
        now=t.at(13),
    )
    visit(t, t.investigator, victim, 20)
    inv = ask(t, t.investigator, victim, [t.mafia], minutes=21)
    digger = t.townies[2]
    t.give_shovel(digger)
    use = shovel_use(game_id=t.game.pk, by=digger.user, dead_player_id=dug.pk, now=t.at(22))
    page = queue_page(t).content.decode()
    assert "2 answers ready to send" in page
    assert "Serial Killer, Mafia" in page and "serial_killer" not in page

    client_for(t.mod).post(
        reverse("mod_answers_send_all", args=[t.game.pk]),
        {"investigation": [inv.pk], "shovel": [use.pk]},
    )
    assert Investigation.objects.get(pk=inv.pk).status == ResultStatus.PENDING
    a_minute_passes()
    assert Investigation.objects.get(pk=inv.pk).status == ResultStatus.SENT
    use.refresh_from_db()
    assert use.status == ResultStatus.SENT


def test_the_queue_counter_leaves_out_what_is_decided_and_waits_its_minute():
    t = town()
    running_now(t)
    kill = reported(t, t.mafia, t.townies[0], "free_kill")
    reported(t, t.vigilante, t.townies[1], "vigilante")
    assert "Queue (2)" in queue_page(t).content.decode()
    client_for(t.mod).post(reverse("mod_kill_confirm", args=[t.game.pk, kill.pk]), {"reason": ""})
    assert "Queue (1)" in queue_page(t).content.decode()


def test_the_killer_confirming_a_victims_report_must_name_the_method():
    t = town()
    running_now(t)
    kill = reported(t, t.mafia, t.townies[0], "", by_victim=True)
    killer = client_for(t.mafia.user)
    page = killer.get(reverse("kills", args=[t.game.pk])).content.decode()
    assert f'id="respond-method-{kill.pk}"' in page
    response = killer.post(reverse("kill_respond", args=[t.game.pk, kill.pk]), {"agrees": "1"})
    assert response.status_code == 422
    assert "Choose how the kill was made" in response.content.decode()
    assert not kill.statements.filter(reporter=t.mafia).exists()
    killer.post(
        reverse("kill_respond", args=[t.game.pk, kill.pk]), {"agrees": "1", "method": "free_kill"}
    )
    kill.refresh_from_db()
    assert kill.method == "free_kill"
    assert b"1 kill both parties agree on" in queue_page(t).content


def test_the_queue_page_shows_the_day_end_and_ends_the_day_after_the_held_decisions():
    t = town()
    running_now(t)
    kill = reported(t, t.mafia, t.townies[0], "free_kill")
    mod = client_for(t.mod)
    page = queue_page(t).content.decode()
    assert 'id="queue-end-day"' in page and "data-countdown" in page
    mod.post(reverse("mod_kill_confirm", args=[t.game.pk, kill.pk]), {"reason": ""})
    mod.post(reverse("mod_day_end", args=[t.game.pk]), {"reason": "", "day": 1})
    t.game.refresh_from_db()
    assert t.game.current_day == 2
    kill.refresh_from_db()
    assert kill.status == KillStatus.CONFIRMED and kill.day == 1


def test_the_api_confirms_all_agreed_kills_and_undoes_a_decision():
    t = town()
    running_now(t)
    first = reported(t, t.mafia, t.townies[0], "free_kill")
    second = reported(t, t.vigilante, t.townies[1], "vigilante")
    api = client_for(t.mod)
    response = api.post(
        f"/api/v1/games/{t.game.pk}/agreed-kills/confirm",
        {"kill_ids": [first.pk, second.pk]},
        content_type="application/json",
    )
    assert response.status_code == 200
    held = {h["subject_id"]: h["id"] for h in response.json()}
    assert set(held) == {first.pk, second.pk}
    undo = api.post(f"/api/v1/games/{t.game.pk}/decisions/{held[first.pk]}/undo")
    assert undo.status_code == 200 and undo.json()["undone_at"]
    a_minute_passes()
    assert Kill.objects.get(pk=first.pk).status == KillStatus.PENDING
    assert Kill.objects.get(pk=second.pk).status == KillStatus.CONFIRMED
