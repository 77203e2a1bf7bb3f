"""End-of-day deaths (R15, R25, R26, R32, R35, R49), each a due event, applied after the
execution at the day end they fall on, and at 23:00 local across daylight-saving days (R1)."""

import datetime as dt
import zoneinfo

import pytest

from game.models import DueEvent, KillerAlignment, KillRecord, LogEntry, Player
from game.rulesets.live_action import DeathCause
from game.rulesets.live_action.roles import Role
from game.services.days.end_of_day import desperado_schedule, poison_schedule
from game.services.killing.deaths import player_die
from game.services.lobby.notices import inactivity_notice_ack, inactivity_notice_send
from game.services.locking import lock_game
from tests.factories import make_game, moderator_of, running_game, sign_up, start_game
from tests.game.helpers import alive, current_day, end_day, vote
from tests.game.test_day_end import mafia_kill

pytestmark = pytest.mark.django_db
NEW_YORK = zoneinfo.ZoneInfo("America/New_York")


def play_days(game, count: int) -> None:
    """End `count` days with a mafia kill each (R18) and nobody executed."""
    for _ in range(count):
        mafia_kill(game, current_day(game).number)
        end_day(game)


def test_poisoned_on_day_d_dies_at_the_end_of_day_d_plus_2_after_the_execution():
    game, (m, a, b, c, victim) = running_game(5)
    poison_schedule(game=lock_game(game.pk), victim=victim, day=1, now=current_day(game).started_at)
    play_days(game, 1)
    told = LogEntry.objects.get(game=game, kind="poisoned")
    assert list(told.recipients.all()) == [victim]
    assert "end of day 3" in told.text
    play_days(game, 1)
    assert alive(victim)
    for voter in (a, b, c):
        vote(game, voter, b)
    mafia_kill(game, 3)
    day = end_day(game)
    victim.refresh_from_db()
    assert victim.death_cause == DeathCause.POISON and victim.death_day == 3
    announcements = list(
        LogEntry.objects.filter(game=game, day=3, kind__in=["execution", "end_of_day_death"])
    )
    assert [e.kind for e in announcements] == ["execution", "end_of_day_death"]
    assert announcements[1].text == f"{victim.name} died at the end of day 3."
    assert victim.died_at == day.ends_at


def test_a_poisoned_player_who_is_executed_first_dies_once():
    game, (m, a, b, c, victim) = running_game(5)
    poison_schedule(game=lock_game(game.pk), victim=victim, day=1, now=current_day(game).started_at)
    play_days(game, 2)
    for voter in (a, b, c):
        vote(game, voter, victim)
    mafia_kill(game, 3)
    end_day(game)
    victim.refresh_from_db()
    assert victim.death_cause == DeathCause.EXECUTION
    assert not LogEntry.objects.filter(kind="end_of_day_death").exists()


def test_a_gay_knights_partner_dies_at_the_end_of_the_next_day():
    game = make_game()
    m, k1, k2, t1, t2 = sign_up(game, 5)
    start_game(game, {m: Role.MAFIA, k1: Role.GAY_KNIGHT, k2: Role.GAY_KNIGHT})
    k1.refresh_from_db()
    player_die(
        game=lock_game(game.pk),
        player=k1,
        at=current_day(game).started_at + dt.timedelta(hours=4),
        cause=DeathCause.KILL,
    )
    event = DueEvent.objects.get(kind=DueEvent.Kind.PARTNER_DEATH)
    assert (event.subject_id, event.day) == (k2.pk, 2)
    play_days(game, 1)
    assert alive(k2)
    play_days(game, 1)
    k2.refresh_from_db()
    assert k2.death_cause == DeathCause.PARTNER and k2.death_day == 2


def test_a_desperado_dies_at_the_end_of_the_day_after_going_desperado():
    game, (m, a, b, desperado) = running_game(4)
    desperado_schedule(
        game=lock_game(game.pk), player=desperado, went_desperado_on=2, now=game.started_at
    )
    play_days(game, 2)
    assert alive(desperado)
    play_days(game, 1)
    desperado.refresh_from_db()
    assert desperado.death_cause == DeathCause.DESPERADO and desperado.death_day == 3


def test_the_serial_killer_of_the_rules_example_dies_of_bloodlust_at_the_end_of_day_10():
    """R32: kills on days 2 and 6 use no-kill days 1, 5, 9 and die at the end of day 10."""
    game = make_game()
    players = sign_up(game, 12)
    killer = players[1]
    start_game(game, {players[0]: Role.MAFIA, killer: Role.SERIAL_KILLER})
    for number in range(1, 11):
        if number in (2, 6):
            KillRecord.objects.create(
                game=game,
                day=number,
                killer=killer,
                victim=None,
                killer_alignment=KillerAlignment.SERIAL_KILLER,
                happened_at=current_day(game).started_at,
            )
        assert alive(killer), f"died before the end of day {number}"
        play_days(game, 1)
    killer.refresh_from_db()
    assert killer.death_cause == DeathCause.BLOODLUST and killer.death_day == 10


def test_an_unacknowledged_inactivity_notice_evicts_at_the_first_day_end_after_24_hours():
    game, (m, a, lazy, *_) = running_game(5)
    sent = current_day(game).started_at + dt.timedelta(hours=2)
    inactivity_notice_send(game_id=game.pk, player_id=lazy.pk, by=moderator_of(game), now=sent)
    play_days(game, 1)
    assert alive(lazy)
    play_days(game, 1)
    lazy.refresh_from_db()
    assert lazy.death_cause == DeathCause.EVICTION and lazy.death_day == 2
    assert LogEntry.objects.filter(text=f"{lazy.name} died at the end of day 2.").exists()


def test_acknowledging_the_notice_in_time_cancels_the_eviction():
    game, (m, a, busy, *_) = running_game(5)
    sent = current_day(game).started_at
    inactivity_notice_send(game_id=game.pk, player_id=busy.pk, by=moderator_of(game), now=sent)
    inactivity_notice_ack(game_id=game.pk, user=busy.user, now=sent + dt.timedelta(hours=23))
    play_days(game, 3)
    assert alive(busy)


def test_day_end_stays_at_23_local_across_daylight_saving_and_poison_spans_it():
    start = dt.datetime(2026, 3, 7, 15, 0, tzinfo=dt.UTC)
    game = make_game()
    players = sign_up(game, 5)
    start_game(game, {players[0]: Role.MAFIA}, now=start)
    victim = players[4]
    poison_schedule(game=lock_game(game.pk), victim=victim, day=1, now=start)
    ends = []
    for _ in range(3):
        ends.append(current_day(game).ends_at.astimezone(NEW_YORK))
        play_days(game, 1)
    assert [(e.date().isoformat(), e.hour, e.utcoffset()) for e in ends] == [
        ("2026-03-07", 23, dt.timedelta(hours=-5)),
        ("2026-03-08", 23, dt.timedelta(hours=-4)),
        ("2026-03-09", 23, dt.timedelta(hours=-4)),
    ]
    victim.refresh_from_db()
    assert victim.died_at.astimezone(NEW_YORK).hour == 23 and victim.death_day == 3


def test_a_partner_death_across_the_november_change_happens_at_23_local():
    start = dt.datetime(2026, 10, 31, 15, 0, tzinfo=dt.UTC)
    game = make_game()
    m, k1, k2, t1, t2 = sign_up(game, 5)
    start_game(game, {m: Role.MAFIA, k1: Role.GAY_KNIGHT, k2: Role.GAY_KNIGHT}, now=start)
    k1.refresh_from_db()
    player_die(game=lock_game(game.pk), player=k1, at=start, cause=DeathCause.KILL)
    event = DueEvent.objects.get(kind=DueEvent.Kind.PARTNER_DEATH)
    local = event.due_at.astimezone(NEW_YORK)
    assert (local.date().isoformat(), local.hour) == ("2026-11-01", 23)
    play_days(game, 2)
    k2.refresh_from_db()
    assert k2.died_at == event.due_at


def test_an_extended_day_moves_its_end_of_day_deaths_with_it():
    from game.services.days.day_cycle import day_extend

    game, (m, a, b, victim) = running_game(4)
    poison_schedule(game=lock_game(game.pk), victim=victim, day=1, now=game.started_at)
    play_days(game, 2)
    day = current_day(game)
    new_end = day.ends_at + dt.timedelta(minutes=45)
    day_extend(
        game_id=game.pk, by=moderator_of(game), new_end=new_end, now=day.started_at, reason="late"
    )
    event = DueEvent.objects.get(kind=DueEvent.Kind.POISON_DEATH)
    assert event.due_at == new_end
    mafia_kill(game, 3)
    end_day(game)
    victim.refresh_from_db()
    assert victim.died_at == new_end


def test_players_of_a_dead_game_are_not_killed_by_pending_events():
    game, (m, a, b, victim) = running_game(4)
    poison_schedule(game=lock_game(game.pk), victim=victim, day=1, now=game.started_at)
    for voter in (a, b, victim):
        vote(game, voter, m)
    end_day(game)
    assert game.status == "finished"
    assert DueEvent.objects.get(kind=DueEvent.Kind.POISON_DEATH).cancelled_at is not None
    assert Player.objects.filter(pk=victim.pk, alive=True).exists()
