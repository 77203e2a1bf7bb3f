"""Stored state feeds the R19 chain; the limits of R21-R24, R26 and R31 through the services."""

import datetime as dt

import pytest
from django.utils import timezone

from game.errors import GameRuleError
from game.models import Investigation, LogEntry, Player, ResultStatus, Visibility
from game.services.investigating.investigative_roles import priest_lists_set, watch_list_set
from game.services.mafia_powers.mafia import mafia_manipulate_press
from game.services.mafia_powers.powers import mafia_designate_don
from tests.game.investigation_steps import (
    ask,
    frame,
    framed_investigation,
    next_day,
    saint_killed_a_sinner,
    send,
    visit,
)
from tests.game.kills_setup import confirmed_kill, reported_kill, town

pytestmark = pytest.mark.django_db


def test_truth_only():
    t = town()
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    visit(t, t.investigator, victim)
    sent = send(t, ask(t, t.investigator, victim, [t.mafia]))
    assert (sent.answer, sent.summary) == (True, "yes")
    assert sent.reasons == ["truth: yes"]


def test_a_frame_on_an_innocent_answers_yes_framed():
    asked = framed_investigation()
    sent = asked.investigation
    assert (sent.answer, sent.summary) == (True, "yes (framed)")
    assert sent.reasons[-1] == f"framed ({asked.suspect.name}, {asked.victim.name}): yes"


def test_press_on_the_death_answers_no_and_a_frame_on_top_answers_yes():
    t = town()
    victim, innocent = t.townies[0], t.townies[1]
    kill = confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    mafia_manipulate_press(
        game_id=t.game.pk, by=t.mafia.user, kill_id=kill.pk, location="", now=t.at(40)
    )
    visit(t, t.investigator, victim)
    visit(t, t.desperado, victim)
    sent = send(t, ask(t, t.investigator, victim, [t.mafia]))
    assert sent.summary == "no (press)"
    frame(t, innocent, victim, 130)
    # the mayor asks about the framed townie on the same death
    Player.objects.filter(pk=t.townies[2].pk).update(mayor_since=t.at(1))
    visit(t, t.townies[2], victim, 131)
    framed = send(t, ask(t, t.townies[2], victim, [innocent], "mayor", 132), 133)
    assert framed.summary == "yes (framed)"


def test_the_dons_kills_are_hidden_and_stay_hidden_after_the_powers_end():
    t = town(extra_townies=6)
    mafia_designate_don(game_id=t.game.pk, by=t.mafia2.user, don_id=t.mafia.pk, now=t.at(5))
    first = t.townies[0]
    confirmed_kill(t, t.mafia, first, "free_kill", 30)
    next_day(t, 200)
    confirmed_kill(t, t.mafia, t.townies[1], "free_kill", 300)  # second Don kill: powers end
    next_day(t, 400)
    third = t.townies[2]
    confirmed_kill(t, t.mafia, third, "free_kill", 500)
    for victim in (first, third):
        visit(t, t.investigator, victim, 510)
    hidden = send(t, ask(t, t.investigator, first, [t.mafia], minutes=520), 521)
    assert hidden.summary == "no (Don)"
    next_day(t, 600)
    after = send(t, ask(t, t.investigator, third, [t.mafia], minutes=610), 611)
    assert after.summary == "yes"


def test_a_saint_killing_a_sinner_answers_no():
    assert saint_killed_a_sinner().investigation.summary == "no (priest)"


def test_a_gay_knight_guess_ignores_every_deception():
    t = town()
    kill = confirmed_kill(t, t.mafia, t.knight2, "free_kill", 30)
    mafia_manipulate_press(
        game_id=t.game.pk, by=t.mafia.user, kill_id=kill.pk, location="", now=t.at(40)
    )
    frame(t, t.townies[0], t.knight2, 41)
    right = send(t, ask(t, t.knight, t.knight2, [t.mafia], "gay_knight"))
    wrong = send(t, ask(t, t.knight, t.knight2, [t.townies[0]], "gay_knight", 130), 131)
    assert (right.answer, wrong.answer) == (True, False)
    with pytest.raises(GameRuleError, match="both Gay Knight guesses"):
        ask(t, t.knight, t.knight2, [t.mafia], "gay_knight", 140)


def test_a_correct_guess_makes_the_knight_immune_and_allows_revenge():
    from game.rulesets.live_action import kills as kill_rules
    from game.services.killing.kill_decisions import kill_violations_of

    t = town()
    confirmed_kill(t, t.mafia, t.knight2, "free_kill", 30)
    send(t, ask(t, t.knight, t.knight2, [t.mafia], "gay_knight"))
    revenge = reported_kill(t, t.knight, t.mafia, "gay_knight_revenge", 125)
    assert kill_violations_of(t.game, revenge) == []
    attempt = reported_kill(t, t.serial_killer, t.knight, "serial_killer", 127)
    assert kill_rules.TARGET_GUESSED in kill_violations_of(t.game, attempt)


def test_an_investigation_needs_a_visit_and_one_a_day_per_capacity_r21_r22():
    t = town()
    a, b = t.townies[0], t.townies[1]
    confirmed_kill(t, t.mafia, a, "free_kill", 30)
    confirmed_kill(t, t.serial_killer, b, "serial_killer", 40)
    with pytest.raises(GameRuleError, match="R21"):
        ask(t, t.investigator, a, [t.mafia])
    visit(t, t.investigator, a)
    visit(t, t.investigator, b)
    ask(t, t.investigator, a, [t.mafia])
    with pytest.raises(GameRuleError, match="today's investigator investigation"):
        ask(t, t.investigator, b, [t.mafia], minutes=111)
    assert Investigation.objects.count() == 1


def test_a_visit_before_becoming_mayor_counts_and_two_capacities_give_two_a_day():
    t = town()
    a, b = t.townies[0], t.townies[1]
    confirmed_kill(t, t.mafia, a, "free_kill", 30)
    confirmed_kill(t, t.serial_killer, b, "serial_killer", 40)
    visit(t, t.investigator, a)
    visit(t, t.investigator, b)
    Player.objects.filter(pk=t.investigator.pk).update(mayor_since=t.at(105))
    ask(t, t.investigator, a, [t.mafia])
    ask(t, t.investigator, b, [t.mafia], "mayor", 111)
    assert Investigation.objects.filter(asker=t.investigator).count() == 2


def test_one_question_per_death_ever_except_police_watch_r23():
    t = town()
    victim, watched = t.townies[0], t.townies[1]
    officer = t.townies[2]
    Player.objects.filter(pk=officer.pk).update(police_officer_since=t.at(1))
    watch_list_set(game_id=t.game.pk, by=officer.user, player_ids=[watched.pk], now=t.at(2))
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    visit(t, t.investigator, victim)
    send(t, ask(t, t.investigator, victim, [t.mafia]))
    next_day(t, 200)
    with pytest.raises(GameRuleError, match="R23"):
        ask(t, t.investigator, victim, [t.mafia2], minutes=210)
    confirmed_kill(t, t.mafia, watched, "free_kill", 220)
    visit(t, officer, watched, 230)
    ask(t, officer, watched, [t.mafia], "police_officer", 231)
    next_day(t, 400)
    ask(t, officer, watched, [t.mafia2], "police_officer", 410)
    assert Investigation.objects.filter(asker=officer).count() == 2


def test_watch_list_holds_at_most_three():
    t = town()
    officer = t.townies[0]
    Player.objects.filter(pk=officer.pk).update(police_officer_since=t.at(1))
    with pytest.raises(GameRuleError, match="three"):
        watch_list_set(
            game_id=t.game.pk,
            by=officer.user,
            player_ids=[p.pk for p in t.townies[1:4]] + [t.mafia.pk],
            now=t.at(2),
        )


def test_a_serial_killer_visiting_before_three_investigators_gains_one_question_r24():
    t = town(extra_townies=6)
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    for minutes, who in enumerate(t.townies[1:4], start=40):
        Player.objects.filter(pk=who.pk).update(mayor_since=t.at(1))
        visit(t, who, victim, minutes)
    visit(t, t.serial_killer, victim, 50)
    with pytest.raises(GameRuleError, match="R24"):
        ask(t, t.serial_killer, victim, [t.mafia], "serial_killer")

    t2 = town()
    victim2 = t2.townies[0]
    confirmed_kill(t2, t2.mafia, victim2, "free_kill", 30)
    visit(t2, t2.investigator, victim2, 40)
    visit(t2, t2.serial_killer, victim2, 41)
    assert ask(t2, t2.serial_killer, victim2, [t2.mafia], "serial_killer").pk


@pytest.mark.parametrize(
    ("last_day", "day", "size", "allowed"),
    [
        (0, 1, 1, False),
        (0, 2, 3, True),
        (0, 2, 4, False),
        (3, 4, 1, False),
        (3, 5, 3, True),
        (3, 6, 6, True),
        (3, 7, 10, True),
        (3, 7, 11, False),
    ],
)
def test_group_investigator_set_sizes_follow_r31(last_day, day, size, allowed):
    t = town(extra_townies=11)
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    visit(t, t.group_investigator, victim, 40)
    if last_day:
        Investigation.objects.create(
            game=t.game,
            asker=t.group_investigator,
            capacity="group_investigator",
            day=last_day,
            victim=t.townies[-1],
            requested_at=t.at(41),
        )
    t.game.current_day = day
    t.game.save(update_fields=["current_day"])
    suspects = (t.townies[1:] + [t.mafia, t.mafia2])[:size]
    if allowed:
        assert ask(t, t.group_investigator, victim, suspects, "group_investigator").pk
    else:
        with pytest.raises(GameRuleError, match="R31"):
            ask(t, t.group_investigator, victim, suspects, "group_investigator")


def test_a_group_answer_is_yes_when_any_member_would_get_yes():
    t = town()
    victim = t.townies[0]
    frame(t, t.townies[1], victim, 1)
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    next_day(t, 100)
    visit(t, t.group_investigator, victim, 110)
    sent = send(
        t,
        ask(
            t, t.group_investigator, victim, [t.townies[1], t.townies[2]], "group_investigator", 111
        ),
        112,
    )
    assert (sent.answer, sent.summary) == (True, "yes (framed)")


def test_an_override_needs_a_reason_and_is_logged():
    t = town()
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    visit(t, t.investigator, victim)
    pending = ask(t, t.investigator, victim, [t.mafia])
    with pytest.raises(GameRuleError, match="reason"):
        send(t, pending, answer=False)
    sent = send(t, pending, answer=False, reason="field ruling")
    assert (sent.answer, sent.computed_answer, sent.override_reason) == (
        False,
        True,
        "field ruling",
    )
    note = LogEntry.objects.get(kind="investigation_result")
    assert note.visibility == Visibility.PLAYERS and list(note.recipients.all()) == [t.investigator]
    assert "yes" not in note.text and "no" not in note.text.split()


def test_answers_go_out_at_once_without_review_when_the_game_says_so():
    t = town(answers_without_review=True)
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    visit(t, t.investigator, victim)
    assert ask(t, t.investigator, victim, [t.mafia]).status == ResultStatus.SENT


def test_only_announced_kills_have_a_site_and_dead_players_cannot_visit():
    t = town()
    report_only = reported_kill(t, t.mafia, t.townies[1], "free_kill", 10)
    with pytest.raises(GameRuleError, match="has been announced"):
        visit(t, t.investigator, report_only.victim)
    with pytest.raises(GameRuleError, match="has been announced"):
        visit(t, t.investigator, t.townies[0])
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    confirmed_kill(t, t.serial_killer, t.investigator, "serial_killer", 40)
    with pytest.raises(GameRuleError, match="Dead players"):
        visit(t, t.investigator, t.townies[0])
    assert timezone.now() > t.at(0) - dt.timedelta(days=3650)


def test_the_priest_is_told_of_a_sinner_killing_a_saint_and_loses_powers_when_a_saint_kills():
    t = town()
    saint, sinner = t.townies[0], t.mafia
    priest_lists_set(
        game_id=t.game.pk,
        by=t.priest.user,
        saint_ids=[saint.pk, t.vigilante.pk],
        sinner_ids=[sinner.pk, t.townies[1].pk],
        now=t.at(5),
    )
    confirmed_kill(t, sinner, saint, "free_kill", 30)
    told = LogEntry.objects.get(kind="priest_told")
    assert list(told.recipients.all()) == [t.priest] and "killed by a sinner" in told.text
    confirmed_kill(t, t.vigilante, t.townies[1], "vigilante", 40)
    assert LogEntry.objects.filter(kind="priest_told", text__contains="lose your powers").exists()
    with pytest.raises(GameRuleError, match="powers are gone"):
        priest_lists_set(
            game_id=t.game.pk, by=t.priest.user, saint_ids=[], sinner_ids=[], now=t.at(50)
        )
