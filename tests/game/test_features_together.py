"""The features meet: kills feed the day-end clocks, announcements reach Town Square, results
ring the bell."""

import pytest

from forums.models import Notification, NotificationKind, Post, PostKind
from game.models import Day, GameStatus, KillRecord, Player, Visibility
from game.services.days.day_cycle import day_end_now
from game.services.days.votes import vote_cast
from game.services.investigating.investigative_roles import desperado_mark
from game.services.killing.kill_clocks import serial_killer_reset_days
from game.services.log import log_append
from game.snapshots.kill_facts import mafia_kill_days
from tests.game.helpers import current_day
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def end_day(t, minutes: int) -> None:
    day_end_now(
        game_id=t.game.pk,
        day=current_day(t.game).number,
        by=t.mod,
        now=t.at(minutes),
        reason="test",
    )


def test_a_confirmed_kill_is_announced_in_town_square_as_the_moderators():
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 60)
    post = Post.objects.get(kind=PostKind.KILL_ANNOUNCEMENT)
    assert post.as_moderator
    assert t.townies[0].name in post.body
    assert post.thread.board.kind == "town_square"
    assert Notification.objects.filter(
        kind=NotificationKind.KILL_ANNOUNCEMENT, user=t.townies[1].user
    ).exists()


def test_a_mafia_kill_counts_for_the_mafia_clock_and_keeps_the_game_going():
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 60)
    assert KillRecord.objects.get().killer_alignment == "mafia"
    assert mafia_kill_days(t.game) == {1}
    end_day(t, 120)
    confirmed_kill(t, t.mafia2, t.townies[1], "free_kill", 24 * 60)
    end_day(t, 25 * 60)
    t.game.refresh_from_db()
    assert t.game.status == GameStatus.RUNNING
    assert t.game.current_day == 3


def test_days_without_a_mafia_kill_end_the_game_for_the_town_r18():
    t = town()
    confirmed_kill(t, t.serial_killer, t.townies[0], "serial_killer", 60)
    end_day(t, 120)
    end_day(t, 24 * 60)
    t.game.refresh_from_db()
    assert (t.game.status, t.game.winner) == (GameStatus.FINISHED, "town")


def test_a_serial_killer_kill_restarts_their_bloodlust_clock():
    t = town()
    confirmed_kill(t, t.serial_killer, t.townies[0], "serial_killer", 60)
    resets = serial_killer_reset_days(t.game, [t.serial_killer.pk])
    assert resets == {t.serial_killer.pk: frozenset({1})}


def test_an_execution_is_announced_in_town_square():
    t = town()
    for voter in Player.objects.filter(game=t.game):
        vote_cast(game_id=t.game.pk, voter_id=voter.pk, target_id=t.townies[2].pk, now=t.at(30))
    end_day(t, 120)
    post = Post.objects.get(kind=PostKind.EXECUTION)
    assert t.townies[2].name in post.body
    assert not Player.objects.get(pk=t.townies[2].pk).alive
    assert Day.objects.get(game=t.game, number=1).ended_at == t.at(120)


def test_a_private_result_rings_only_its_recipients_bell():
    t = town()
    entry = log_append(
        game=t.game,
        kind="investigation_result",
        text="Yes.",
        visibility=Visibility.PLAYERS,
        now=t.at(10),
        recipients=[t.investigator],
    )
    assert list(Notification.objects.filter(log_entry=entry).values_list("user", flat=True)) == [
        t.investigator.user_id
    ]


def test_a_desperado_recorded_today_dies_at_the_end_of_tomorrow_r25():
    t = town()
    desperado_mark(game_id=t.game.pk, player_id=t.desperado.pk, by=t.mod, now=t.at(30))
    end_day(t, 120)
    t.desperado.refresh_from_db()
    assert t.desperado.alive
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 24 * 60)
    end_day(t, 25 * 60)
    t.desperado.refresh_from_db()
    assert (t.desperado.alive, t.desperado.death_day, t.desperado.death_cause) == (
        False,
        2,
        "desperado",
    )
